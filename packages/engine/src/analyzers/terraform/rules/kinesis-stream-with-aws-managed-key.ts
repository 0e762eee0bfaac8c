import { judge, settingRule } from "../checks.ts";

export const kinesisStreamWithAwsManagedKey = settingRule(
  {
    id: "terraform/kinesis-stream-with-aws-managed-key",
    analyzer: "terraform",
    title: "Kinesis stream encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_kinesis_stream` sets `kms_key_id` to the AWS-managed `alias/aws/kinesis`.",
      whyItMatters:
        "Stream records are the data itself; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Use a customer-managed key. Streams without encryption are reported by `unencrypted-kinesis-stream`.",
      example:
        'resource "aws_kinesis_stream" "events" {\n  encryption_type = "KMS"\n  kms_key_id      = aws_kms_key.stream.arn\n}',
    },
  },
  {
    types: ["aws_kinesis_stream"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "safe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
