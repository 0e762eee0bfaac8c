import { judge, settingRule } from "../checks.ts";

export const efsBackupPolicyDisabled = settingRule(
  {
    id: "terraform/efs-backup-policy-disabled",
    analyzer: "terraform",
    title: "EFS automatic backups turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: 'An `aws_efs_backup_policy` sets `backup_policy { status = "DISABLED" }`.',
      whyItMatters:
        "Files deleted or encrypted by ransomware on a file system without backups cannot be recovered.",
      remediation: 'Set `status = "ENABLED"`, or protect the file system with an AWS Backup plan.',
      example:
        'resource "aws_efs_backup_policy" "shared" {\n  backup_policy {\n    status = "ENABLED"\n  }\n}',
    },
  },
  {
    types: ["aws_efs_backup_policy"],
    path: ["backup_policy"],
    attribute: "status",
    judge: judge.noneOf("DISABLED", "DISABLING"),
    whenMissing: "safe",
    problem: "turns automatic backups off",
  },
);
