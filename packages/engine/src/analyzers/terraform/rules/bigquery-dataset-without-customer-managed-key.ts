import { requiredBlockRule } from "../checks-extra.ts";

export const bigqueryDatasetWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/bigquery-dataset-without-customer-managed-key",
    analyzer: "terraform",
    title: "BigQuery dataset without a default customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "A `google_bigquery_dataset` has no `default_encryption_configuration { kms_key_name = … }`.",
      whyItMatters:
        "Tables are encrypted with a Google-managed key; you cannot revoke access to the data or audit key use.",
      remediation: "Add `default_encryption_configuration { kms_key_name = google_kms_crypto_key.bq.id }`.",
      example:
        'resource "google_bigquery_dataset" "analytics" {\n  default_encryption_configuration {\n    kms_key_name = google_kms_crypto_key.bq.id\n  }\n}',
      references: ["https://cloud.google.com/bigquery/docs/customer-managed-encryption"],
    },
  },
  {
    types: ["google_bigquery_dataset"],
    path: ["default_encryption_configuration"],
    problem: "encrypts tables with a Google-managed key",
  },
);
