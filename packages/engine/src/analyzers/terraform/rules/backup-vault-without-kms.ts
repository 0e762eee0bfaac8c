import { judge, settingRule } from "../checks.ts";

export const backupVaultWithoutKms = settingRule(
  {
    id: "terraform/backup-vault-without-kms",
    analyzer: "terraform",
    title: "Backup vault not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_backup_vault` has no `kms_key_arn`, so recovery points are encrypted with the AWS-managed backup key.",
      whyItMatters:
        "Backups hold a copy of every protected store; a customer-managed key lets you restrict and audit who can decrypt them, separately from who can manage the vault.",
      remediation: "Set `kms_key_arn` to a customer-managed key.",
      example: 'resource "aws_backup_vault" "main" {\n  kms_key_arn = aws_kms_key.backup.arn\n}',
    },
  },
  {
    types: ["aws_backup_vault"],
    attribute: "kms_key_arn",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
