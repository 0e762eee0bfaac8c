import { judge, settingRule } from "../checks.ts";

export const rdsShortBackupRetention = settingRule(
  {
    id: "terraform/rds-short-backup-retention",
    analyzer: "terraform",
    title: "RDS backups kept for fewer than 7 days",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster` sets `backup_retention_period` below 7 days; 0 turns " +
        "automated backups off.",
      whyItMatters:
        "Corruption or a destructive mistake noticed after the retention window cannot be undone by a " +
        "point-in-time restore.",
      remediation:
        "Set `backup_retention_period` to 7 or more. Read replicas (which keep no backups) are not flagged.",
      example: 'resource "aws_db_instance" "main" {\n  backup_retention_period = 14\n}',
      references: [
        "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_WorkingWithAutomatedBackups.html",
      ],
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "backup_retention_period",
    judge: judge.atLeast(7),
    whenMissing: "safe",
    problem: "keeps automated backups for fewer than 7 days",
    exempt: (_model, resource) => resource.attributes.has("replicate_source_db"),
  },
);
