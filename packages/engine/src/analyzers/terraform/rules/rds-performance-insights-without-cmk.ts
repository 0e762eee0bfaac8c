import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const rdsPerformanceInsightsWithoutCmk = settingRule(
  {
    id: "terraform/rds-performance-insights-without-cmk",
    analyzer: "terraform",
    title: "RDS Performance Insights encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_db_instance` turns on Performance Insights without `performance_insights_kms_key_id`.",
      whyItMatters:
        "Performance Insights keeps query texts, which carry data and literals from the application; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `performance_insights_kms_key_id` to a customer-managed key.",
      example:
        'resource "aws_db_instance" "main" {\n  performance_insights_enabled    = true\n  performance_insights_kms_key_id = aws_kms_key.rds.arn\n}',
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "performance_insights_kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("performance_insights_enabled"),
  },
);
