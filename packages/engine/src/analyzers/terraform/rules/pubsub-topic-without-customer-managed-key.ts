import { judge, settingRule } from "../checks.ts";

export const pubsubTopicWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/pubsub-topic-without-customer-managed-key",
    analyzer: "terraform",
    title: "Pub/Sub topic without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "A `google_pubsub_topic` has no `kms_key_name`.",
      whyItMatters:
        "Messages are encrypted with a Google-managed key; you cannot revoke access to them or audit key use.",
      remediation:
        "Set `kms_key_name` to a Cloud KMS key (and grant the Pub/Sub service agent encrypt/decrypt on it).",
      example:
        'resource "google_pubsub_topic" "events" {\n  kms_key_name = google_kms_crypto_key.pubsub.id\n}',
      references: ["https://cloud.google.com/pubsub/docs/encryption"],
    },
  },
  {
    types: ["google_pubsub_topic"],
    attribute: "kms_key_name",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts messages with a Google-managed key",
  },
);
