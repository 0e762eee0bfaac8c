import { judge, settingRule } from "../checks.ts";

export const unencryptedEfsFileSystem = settingRule(
  {
    id: "terraform/unencrypted-efs-file-system",
    analyzer: "terraform",
    title: "EFS file system without encryption at rest",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_efs_file_system` leaves `encrypted` unset or false.",
      whyItMatters:
        "Files and their backups are stored unencrypted; encryption cannot be added to an existing file system.",
      remediation: "Set `encrypted = true` (optionally with `kms_key_id`).",
      example: 'resource "aws_efs_file_system" "shared" {\n  encrypted = true\n}',
      references: ["https://docs.aws.amazon.com/efs/latest/ug/encryption-at-rest.html"],
    },
  },
  {
    types: ["aws_efs_file_system"],
    attribute: "encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "is not encrypted at rest",
    fixValue: "true",
  },
);
