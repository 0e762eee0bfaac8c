import { judge, settingRule } from "../checks.ts";

export const sqsWithoutCmk = settingRule(
  {
    id: "terraform/sqs-without-cmk",
    analyzer: "terraform",
    title: "SQS queue not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_sqs_queue` has no `kms_master_key_id`, or names the AWS-managed `alias/aws/sqs`.",
      whyItMatters:
        "Messages often carry the data a system processes; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_master_key_id` to a customer-managed key whose policy lets the producers (and SNS/EventBridge, if they send) use it.",
      example: 'resource "aws_sqs_queue" "jobs" {\n  kms_master_key_id = aws_kms_key.queue.arn\n}',
    },
  },
  {
    types: ["aws_sqs_queue"],
    attribute: "kms_master_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
