import { judge, settingRule } from "../checks.ts";

export const spannerDatabaseDeletionProtectionDisabled = settingRule(
  {
    id: "terraform/spanner-database-deletion-protection-disabled",
    analyzer: "terraform",
    title: "Spanner database without Terraform deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "A `google_spanner_database` sets `deletion_protection = false`.",
      whyItMatters: "A `terraform destroy` or a replacing change deletes the database and its data.",
      remediation:
        "Set `deletion_protection = true` (the default), and `enable_drop_protection = true` for the API-level guard.",
      example:
        'resource "google_spanner_database" "app" {\n  deletion_protection    = true\n  enable_drop_protection = true\n}',
      references: ["https://cloud.google.com/spanner/docs/prevent-database-deletion"],
    },
  },
  {
    types: ["google_spanner_database"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
