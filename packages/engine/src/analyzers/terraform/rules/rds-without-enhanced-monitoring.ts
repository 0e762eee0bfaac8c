import { judge, settingRule } from "../checks.ts";

export const rdsWithoutEnhancedMonitoring = settingRule(
  {
    id: "terraform/rds-without-enhanced-monitoring",
    analyzer: "terraform",
    title: "RDS instance without enhanced monitoring",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-MON-01"],
    docs: {
      summary:
        "An `aws_db_instance` leaves `monitoring_interval` at 0 (the default), so no OS-level metrics are collected.",
      whyItMatters:
        "Without process and OS metrics, unusual activity on the database host (a runaway query, mining, exfiltration) is hard to see and to investigate.",
      remediation: "Set `monitoring_interval` (e.g. 60) and `monitoring_role_arn`.",
      example:
        'resource "aws_db_instance" "main" {\n  monitoring_interval = 60\n  monitoring_role_arn = aws_iam_role.rds_monitoring.arn\n}',
    },
  },
  {
    types: ["aws_db_instance"],
    attribute: "monitoring_interval",
    judge: judge.atLeast(1),
    whenMissing: "unsafe",
    problem: "has no enhanced monitoring",
  },
);
