import { judge, settingRule } from "../checks.ts";

export const cloudwatchLogGroupShortRetention = settingRule(
  {
    id: "terraform/cloudwatch-log-group-short-retention",
    analyzer: "terraform",
    title: "CloudWatch log group keeps logs for less than a year",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_cloudwatch_log_group` sets `retention_in_days` to fewer than 365 days.",
      whyItMatters:
        "Intrusions are commonly discovered months after they began; logs deleted before then cannot show how the attacker got in or what they touched.",
      remediation:
        "Keep logs for at least 365 days (`retention_in_days = 365`), archiving to cheaper storage if cost matters. `0` (never expire) is not flagged.",
      example: 'resource "aws_cloudwatch_log_group" "app" {\n  retention_in_days = 365\n}',
    },
  },
  {
    types: ["aws_cloudwatch_log_group"],
    attribute: "retention_in_days",
    judge: (value) => (value === 0 || value === "0" ? "safe" : judge.atLeast(365)(value)),
    whenMissing: "safe",
    problem: "keeps logs for less than a year",
  },
);
