import { judge, settingRule } from "../checks.ts";

export const cloudwatchLogGroupWithoutKms = settingRule(
  {
    id: "terraform/cloudwatch-log-group-without-kms",
    analyzer: "terraform",
    title: "CloudWatch log group not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_cloudwatch_log_group` has no `kms_key_id`, so its logs are encrypted only with a key CloudWatch manages.",
      whyItMatters:
        "Logs carry tokens, personal data and internal detail; a customer-managed key adds a separately granted permission to read them and an audit trail of every decryption.",
      remediation:
        "Set `kms_key_id` to a KMS key whose policy lets the CloudWatch Logs service principal of the region use it.",
      example: 'resource "aws_cloudwatch_log_group" "app" {\n  kms_key_id = aws_kms_key.logs.arn\n}',
    },
  },
  {
    types: ["aws_cloudwatch_log_group"],
    attribute: "kms_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
