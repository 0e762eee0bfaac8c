import { settingRule } from "../checks.ts";

export const cloudwatchLogGroupWithoutRetention = settingRule(
  {
    id: "terraform/cloudwatch-log-group-without-retention",
    analyzer: "terraform",
    title: "CloudWatch log group keeps logs forever by default",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_cloudwatch_log_group` has no `retention_in_days`, so logs never expire.",
      whyItMatters:
        "Retention is then nobody's decision: logs with personal data or secrets are kept indefinitely (and billed), contrary to most retention policies.",
      remediation:
        'Set `retention_in_days` to the period your policy requires (for example 365). `0` is an explicit "never expire" and is not flagged.',
      example: 'resource "aws_cloudwatch_log_group" "app" {\n  retention_in_days = 365\n}',
      references: [
        "https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/Working-with-log-groups-and-streams.html#SettingLogRetention",
      ],
    },
  },
  {
    types: ["aws_cloudwatch_log_group"],
    attribute: "retention_in_days",
    judge: (value) => (typeof value === "number" ? "safe" : "unknown"),
    whenMissing: "unsafe",
    problem: "keeps logs forever (no retention set)",
  },
);
