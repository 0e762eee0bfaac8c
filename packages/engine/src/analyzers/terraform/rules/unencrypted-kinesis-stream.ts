import { judge, settingRule } from "../checks.ts";

export const unencryptedKinesisStream = settingRule(
  {
    id: "terraform/unencrypted-kinesis-stream",
    analyzer: "terraform",
    title: "Kinesis stream without server-side encryption",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_kinesis_stream` leaves `encryption_type` unset or `NONE`.",
      whyItMatters:
        "Records held in the stream (often application events with personal data) are stored unencrypted.",
      remediation:
        'Set `encryption_type = "KMS"` and `kms_key_id` (`alias/aws/kinesis` or a customer-managed key).',
      example:
        'resource "aws_kinesis_stream" "events" {\n  encryption_type = "KMS"\n  kms_key_id      = "alias/aws/kinesis"\n}',
      references: ["https://docs.aws.amazon.com/streams/latest/dev/server-side-encryption.html"],
    },
  },
  {
    types: ["aws_kinesis_stream"],
    attribute: "encryption_type",
    judge: judge.oneOf("KMS"),
    whenMissing: "unsafe",
    problem: "stores records unencrypted",
  },
);
