import { requiredBlockRule } from "../checks-extra.ts";

export const gcsBucketWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/gcs-bucket-without-customer-managed-key",
    analyzer: "terraform",
    title: "Cloud Storage bucket without a default customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "A `google_storage_bucket` has no `encryption { default_kms_key_name = … }`.",
      whyItMatters:
        "Objects are encrypted with a Google-managed key; you cannot revoke access to the data or audit key use.",
      remediation: "Add `encryption { default_kms_key_name = google_kms_crypto_key.gcs.id }`.",
      example:
        'resource "google_storage_bucket" "data" {\n  encryption {\n    default_kms_key_name = google_kms_crypto_key.gcs.id\n  }\n}',
      references: ["https://cloud.google.com/storage/docs/encryption/customer-managed-keys"],
    },
  },
  {
    types: ["google_storage_bucket"],
    path: ["encryption"],
    problem: "encrypts objects with a Google-managed key",
  },
);
