import { judge, settingRule } from "../checks.ts";

export const rdsWithoutPerformanceInsights = settingRule(
  {
    id: "terraform/rds-without-performance-insights",
    analyzer: "terraform",
    title: "RDS database without Performance Insights",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-MON-01"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster` does not set `performance_insights_enabled = true`.",
      whyItMatters:
        "Without Performance Insights the database's load cannot be attributed to queries and users when investigating an incident or abuse.",
      remediation: "Set `performance_insights_enabled = true` with a `performance_insights_kms_key_id`.",
      example:
        'resource "aws_db_instance" "main" {\n  performance_insights_enabled    = true\n  performance_insights_kms_key_id = aws_kms_key.rds.arn\n}',
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "performance_insights_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not use Performance Insights",
    fixValue: "true",
  },
);
