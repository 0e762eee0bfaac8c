import { judge, settingRule } from "../checks.ts";

export const docdbWithoutDeletionProtection = settingRule(
  {
    id: "terraform/docdb-without-deletion-protection",
    analyzer: "terraform",
    title: "DocumentDB cluster without deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "An `aws_docdb_cluster` does not set `deletion_protection = true` (the default is off).",
      whyItMatters: "A mistaken destroy or a forced replacement deletes the cluster and its data at once.",
      remediation: "Set `deletion_protection = true`.",
      example: 'resource "aws_docdb_cluster" "docs" {\n  deletion_protection = true\n}',
    },
  },
  {
    types: ["aws_docdb_cluster"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
