import { judge, settingRule } from "../checks.ts";

export const cloudtrailWithoutKms = settingRule(
  {
    id: "terraform/cloudtrail-without-kms",
    analyzer: "terraform",
    title: "CloudTrail logs not encrypted with a KMS key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-LOG-01"],
    docs: {
      summary:
        "An `aws_cloudtrail` has no `kms_key_id`, so log files are encrypted only with S3-managed keys.",
      whyItMatters:
        "Anyone with read access to the log bucket can read the whole account's API history; a KMS key adds a second, separately granted permission and an audit trail of decryption.",
      remediation: "Set `kms_key_id` to a customer-managed key whose policy lets CloudTrail encrypt.",
      example: 'resource "aws_cloudtrail" "main" {\n  kms_key_id = aws_kms_key.trail.arn\n}',
      references: [
        "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/encrypting-cloudtrail-log-files-with-aws-kms.html",
      ],
    },
  },
  {
    types: ["aws_cloudtrail"],
    attribute: "kms_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
