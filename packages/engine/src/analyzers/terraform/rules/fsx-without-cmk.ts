import { judge, settingRule } from "../checks.ts";

export const fsxWithoutCmk = settingRule(
  {
    id: "terraform/fsx-without-cmk",
    analyzer: "terraform",
    title: "FSx file system encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An FSx for Windows, ONTAP or OpenZFS file system has no `kms_key_id`.",
      whyItMatters:
        "Shared file systems hold whatever the mounting workloads write; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_id` to a customer-managed key.",
      example: 'resource "aws_fsx_windows_file_system" "share" {\n  kms_key_id = aws_kms_key.fsx.arn\n}',
    },
  },
  {
    types: ["aws_fsx_windows_file_system", "aws_fsx_ontap_file_system", "aws_fsx_openzfs_file_system"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
