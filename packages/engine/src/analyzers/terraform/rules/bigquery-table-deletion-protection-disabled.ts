import { judge, settingRule } from "../checks.ts";

export const bigqueryTableDeletionProtectionDisabled = settingRule(
  {
    id: "terraform/bigquery-table-deletion-protection-disabled",
    analyzer: "terraform",
    title: "BigQuery table without Terraform deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "A `google_bigquery_table` sets `deletion_protection = false`.",
      whyItMatters:
        "A `terraform destroy` or a replacing change (e.g. a schema change) deletes the table and its data.",
      remediation: "Set `deletion_protection = true` (the default).",
      example: 'resource "google_bigquery_table" "events" {\n  deletion_protection = true\n}',
      references: [
        "https://registry.terraform.io/providers/hashicorp/google/latest/docs/resources/bigquery_table#deletion_protection",
      ],
    },
  },
  {
    types: ["google_bigquery_table"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
