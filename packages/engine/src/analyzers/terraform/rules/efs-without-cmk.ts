import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const efsWithoutCmk = settingRule(
  {
    id: "terraform/efs-without-cmk",
    analyzer: "terraform",
    title: "EFS file system encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An encrypted `aws_efs_file_system` has no `kms_key_id`, so it uses the AWS-managed key.",
      whyItMatters:
        "Shared file systems hold whatever the mounting workloads write; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key. Unencrypted file systems are reported by `unencrypted-efs-file-system`.",
      example:
        'resource "aws_efs_file_system" "shared" {\n  encrypted  = true\n  kms_key_id = aws_kms_key.efs.arn\n}',
    },
  },
  {
    types: ["aws_efs_file_system"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("encrypted"),
  },
);
