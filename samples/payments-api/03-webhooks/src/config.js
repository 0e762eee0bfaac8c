// Runtime configuration. Everything can be overridden from the environment; the
// defaults below are what the service falls back to when a variable is missing.
// AWS credentials come from the pod's IAM role (IRSA); nothing AWS-related is configured here.
//
// NOTE (Rampart demo): the Stripe key below is planted for the Rampart demo; not a real
// credential. It is random characters in the right format so that the secret scanner has
// something to find. Never do this in a real project.

module.exports = {
  port: Number(process.env.PORT || 8080),
  databaseUrl: process.env.DATABASE_URL || "postgres://payments@localhost:5432/payments",
  jwtSecret: process.env.JWT_SECRET,

  // Receipts are uploaded to S3 by the refund handler.
  aws: {
    region: process.env.AWS_REGION || "eu-west-1",
    receiptsBucket: process.env.RECEIPTS_BUCKET || "acme-payments-receipts",
  },

  stripe: {
    apiVersion: "2020-08-27",
    secretKey: process.env.STRIPE_SECRET_KEY || "sk_live_3LqncAFzlxY1jK9S2NYLMxxQ",
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET,
  },
};
