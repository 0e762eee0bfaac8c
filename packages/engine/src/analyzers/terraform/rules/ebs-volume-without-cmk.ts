import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const ebsVolumeWithoutCmk = settingRule(
  {
    id: "terraform/ebs-volume-without-cmk",
    analyzer: "terraform",
    title: "EBS volume encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "An encrypted `aws_ebs_volume` has no `kms_key_id`, so it uses the AWS-managed `aws/ebs` key.",
      whyItMatters:
        "Snapshots of a volume on the AWS-managed key cannot be shared with another account; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key. Unencrypted volumes are reported by `unencrypted-ebs-volume`.",
      example:
        'resource "aws_ebs_volume" "data" {\n  encrypted  = true\n  kms_key_id = aws_kms_key.ebs.arn\n}',
    },
  },
  {
    types: ["aws_ebs_volume"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("encrypted"),
  },
);
