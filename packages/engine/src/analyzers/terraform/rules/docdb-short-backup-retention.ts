import { judge, settingRule } from "../checks.ts";

export const docdbShortBackupRetention = settingRule(
  {
    id: "terraform/docdb-short-backup-retention",
    analyzer: "terraform",
    title: "DocumentDB backups kept for fewer than 7 days",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_docdb_cluster` keeps backups for fewer than 7 days; the provider default is 1 day.",
      whyItMatters:
        "Corruption or a destructive write noticed after the window cannot be undone by a point-in-time restore.",
      remediation: "Set `backup_retention_period` to 7 or more.",
      example: 'resource "aws_docdb_cluster" "docs" {\n  backup_retention_period = 7\n}',
    },
  },
  {
    types: ["aws_docdb_cluster"],
    attribute: "backup_retention_period",
    judge: judge.atLeast(7),
    whenMissing: "unsafe",
    problem: "keeps automated backups for fewer than 7 days",
  },
);
