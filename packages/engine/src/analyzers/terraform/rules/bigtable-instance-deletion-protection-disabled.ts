import { judge, settingRule } from "../checks.ts";

export const bigtableInstanceDeletionProtectionDisabled = settingRule(
  {
    id: "terraform/bigtable-instance-deletion-protection-disabled",
    analyzer: "terraform",
    title: "Bigtable instance without Terraform deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "A `google_bigtable_instance` sets `deletion_protection = false`.",
      whyItMatters:
        "A `terraform destroy` or a replacing change deletes the instance with every table in it.",
      remediation: "Set `deletion_protection = true` (the default).",
      example: 'resource "google_bigtable_instance" "events" {\n  deletion_protection = true\n}',
      references: [
        "https://registry.terraform.io/providers/hashicorp/google/latest/docs/resources/bigtable_instance#deletion_protection",
      ],
    },
  },
  {
    types: ["google_bigtable_instance"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
