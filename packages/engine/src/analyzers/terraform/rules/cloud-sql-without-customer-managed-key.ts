import { judge, settingRule } from "../checks.ts";

export const cloudSqlWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/cloud-sql-without-customer-managed-key",
    analyzer: "terraform",
    title: "Cloud SQL instance without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "A `google_sql_database_instance` has no `encryption_key_name`.",
      whyItMatters:
        "The data and backups are encrypted with a Google-managed key; you cannot revoke access to them or audit key use.",
      remediation: "Set `encryption_key_name` to a Cloud KMS key in the instance's region (at creation).",
      example:
        'resource "google_sql_database_instance" "db" {\n  encryption_key_name = google_kms_crypto_key.sql.id\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/cmek"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    attribute: "encryption_key_name",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "is encrypted with a Google-managed key",
    exempt: (_model, resource) => resource.attributes.has("master_instance_name"),
  },
);
