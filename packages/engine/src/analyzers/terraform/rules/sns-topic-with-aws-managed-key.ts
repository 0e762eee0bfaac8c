import { judge, settingRule } from "../checks.ts";

export const snsTopicWithAwsManagedKey = settingRule(
  {
    id: "terraform/sns-topic-with-aws-managed-key",
    analyzer: "terraform",
    title: "SNS topic encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_sns_topic` sets `kms_master_key_id` to the AWS-managed `alias/aws/sns`.",
      whyItMatters:
        "The AWS-managed SNS key cannot be granted to publishers such as CloudWatch alarms or S3 events, and its use cannot be restricted; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Use a customer-managed key. Topics without any key are reported by `unencrypted-sns-topic`.",
      example: 'resource "aws_sns_topic" "alerts" {\n  kms_master_key_id = aws_kms_key.sns.arn\n}',
    },
  },
  {
    types: ["aws_sns_topic"],
    attribute: "kms_master_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "safe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
