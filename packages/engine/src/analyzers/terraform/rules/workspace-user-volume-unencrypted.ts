import { judge, settingRule } from "../checks.ts";

export const workspaceUserVolumeUnencrypted = settingRule(
  {
    id: "terraform/workspace-user-volume-unencrypted",
    analyzer: "terraform",
    title: "WorkSpace user volume not encrypted",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An `aws_workspaces_workspace` does not set `user_volume_encryption_enabled = true` (the default is off).",
      whyItMatters: "The user volume holds the user's profile and documents.",
      remediation: "Set `user_volume_encryption_enabled = true` with a `volume_encryption_key`.",
      example:
        'resource "aws_workspaces_workspace" "desk" {\n  user_volume_encryption_enabled = true\n  volume_encryption_key          = aws_kms_key.workspaces.arn\n}',
    },
  },
  {
    types: ["aws_workspaces_workspace"],
    attribute: "user_volume_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt its user volume",
    fixValue: "true",
  },
);
