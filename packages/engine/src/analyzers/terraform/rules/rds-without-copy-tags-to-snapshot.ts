import { judge, settingRule } from "../checks.ts";

export const rdsWithoutCopyTagsToSnapshot = settingRule(
  {
    id: "terraform/rds-without-copy-tags-to-snapshot",
    analyzer: "terraform",
    title: "RDS database does not copy tags to snapshots",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster` does not set `copy_tags_to_snapshot = true` (the default is off).",
      whyItMatters:
        "Snapshots without the database's tags escape the tag-based backup plans, access policies and cost and retention rules the database is governed by.",
      remediation: "Set `copy_tags_to_snapshot = true`.",
      example: 'resource "aws_db_instance" "main" {\n  copy_tags_to_snapshot = true\n}',
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "copy_tags_to_snapshot",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not copy its tags to snapshots",
    fixValue: "true",
  },
);
