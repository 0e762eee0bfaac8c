import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const unencryptedS3Bucket = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-s3-bucket",
  analyzer: "cloudformation",
  title: "S3 bucket without an explicit encryption configuration",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-01"],
  docs: {
    summary:
      "An `AWS::S3::Bucket` declares no `BucketEncryption`, so it relies on the account default (SSE-S3 since 2023).",
    whyItMatters:
      "SSE-S3 keys are managed by AWS and every principal with `s3:GetObject` can read the data; a customer-managed KMS key adds a second permission, key policies and audit of every decryption. The template also does not document the choice.",
    remediation:
      "Declare `BucketEncryption` with `aws:kms` (and a `KMSMasterKeyID`) for sensitive data, or `AES256` explicitly.",
    example:
      "Bucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    BucketEncryption:\n      ServerSideEncryptionConfiguration:\n        - ServerSideEncryptionByDefault:\n            SSEAlgorithm: aws:kms",
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/default-bucket-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      if (lookup(resource.properties, "BucketEncryption").state !== "absent") continue;
      ctx.report({
        message: `${resource.logicalId}: no BucketEncryption is declared`,
        at: resourceSpan(resource),
      });
    }
  },
});
