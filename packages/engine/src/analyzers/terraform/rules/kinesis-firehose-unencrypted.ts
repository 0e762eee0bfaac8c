import { judge, nested, settingRule } from "../checks.ts";

export const kinesisFirehoseUnencrypted = settingRule(
  {
    id: "terraform/kinesis-firehose-unencrypted",
    analyzer: "terraform",
    title: "Kinesis Firehose delivery stream not encrypted",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary:
        "An `aws_kinesis_firehose_delivery_stream` does not set `server_side_encryption { enabled = true }`.",
      whyItMatters: "Records buffered by the stream are then stored unencrypted.",
      remediation:
        'Add `server_side_encryption { enabled = true, key_type = "CUSTOMER_MANAGED_CMK", key_arn = … }`. Streams reading from a Kinesis stream inherit its encryption and are not flagged.',
      example:
        'resource "aws_kinesis_firehose_delivery_stream" "logs" {\n  server_side_encryption {\n    enabled  = true\n    key_type = "CUSTOMER_MANAGED_CMK"\n    key_arn  = aws_kms_key.firehose.arn\n  }\n}',
    },
  },
  {
    types: ["aws_kinesis_firehose_delivery_stream"],
    path: ["server_side_encryption"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt buffered records",
    fixValue: "true",
    exempt: (_model, resource) => nested(resource, ["kinesis_source_configuration"]) !== undefined,
  },
);
