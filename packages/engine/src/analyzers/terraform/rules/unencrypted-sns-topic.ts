import { judge, settingRule } from "../checks.ts";

export const unencryptedSnsTopic = settingRule(
  {
    id: "terraform/unencrypted-sns-topic",
    analyzer: "terraform",
    title: "SNS topic without server-side encryption",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_sns_topic` has no `kms_master_key_id`, so messages are stored unencrypted.",
      whyItMatters:
        "Notifications often carry order data, alerts with hostnames or tokens; stored messages are readable by anyone with access to the service's storage path.",
      remediation: "Set `kms_master_key_id` (`alias/aws/sns` or a customer-managed key).",
      example: 'resource "aws_sns_topic" "alerts" {\n  kms_master_key_id = "alias/aws/sns"\n}',
      references: ["https://docs.aws.amazon.com/sns/latest/dg/sns-server-side-encryption.html"],
    },
  },
  {
    types: ["aws_sns_topic"],
    attribute: "kms_master_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not encrypt messages at rest",
  },
);
