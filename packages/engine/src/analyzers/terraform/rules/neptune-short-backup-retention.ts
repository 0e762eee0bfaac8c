import { judge, settingRule } from "../checks.ts";

export const neptuneShortBackupRetention = settingRule(
  {
    id: "terraform/neptune-short-backup-retention",
    analyzer: "terraform",
    title: "Neptune backups kept for fewer than 7 days",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_neptune_cluster` keeps backups for fewer than 7 days; the provider default is 1 day.",
      whyItMatters:
        "Corruption or a destructive query noticed after the window cannot be undone by a point-in-time restore.",
      remediation: "Set `backup_retention_period` to 7 or more.",
      example: 'resource "aws_neptune_cluster" "graph" {\n  backup_retention_period = 7\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "backup_retention_period",
    judge: judge.atLeast(7),
    whenMissing: "unsafe",
    problem: "keeps automated backups for fewer than 7 days",
  },
);
