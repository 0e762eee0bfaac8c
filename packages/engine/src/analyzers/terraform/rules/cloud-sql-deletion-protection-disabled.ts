import { judge, settingRule } from "../checks.ts";

export const cloudSqlDeletionProtectionDisabled = settingRule(
  {
    id: "terraform/cloud-sql-deletion-protection-disabled",
    analyzer: "terraform",
    title: "Cloud SQL instance without Terraform deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "A `google_sql_database_instance` sets `deletion_protection = false`.",
      whyItMatters:
        "A `terraform destroy` or a replacing change deletes the instance and, with it, its automated backups.",
      remediation:
        "Set `deletion_protection = true` (the default) and `settings { deletion_protection_enabled = true }`.",
      example: 'resource "google_sql_database_instance" "db" {\n  deletion_protection = true\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/deletion-protection"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
