import { judge, settingRule } from "../checks.ts";

export const unencryptedEbsVolume = settingRule(
  {
    id: "terraform/unencrypted-ebs-volume",
    analyzer: "terraform",
    title: "EBS volume without encryption",
    severity: "high",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "An `aws_ebs_volume` leaves `encrypted` unset or false.",
      whyItMatters:
        "Snapshots of the volume can be shared or copied and read in clear; encryption cannot be turned on " +
        "for an existing volume.",
      remediation:
        "Set `encrypted = true` (and `kms_key_id` for a customer key), or enable " +
        "`aws_ebs_encryption_by_default`. Volumes created from a snapshot inherit its encryption and are " +
        "not flagged.",
      example: 'resource "aws_ebs_volume" "data" {\n  encrypted = true\n}',
      references: ["https://docs.aws.amazon.com/ebs/latest/userguide/ebs-encryption.html"],
    },
  },
  {
    types: ["aws_ebs_volume"],
    attribute: "encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "is not encrypted",
    fixValue: "true",
    exempt: (_model, resource) => resource.attributes.has("snapshot_id"),
  },
);
