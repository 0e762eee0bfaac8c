import { judge, settingRule } from "../checks.ts";

export const workspaceRootVolumeUnencrypted = settingRule(
  {
    id: "terraform/workspace-root-volume-unencrypted",
    analyzer: "terraform",
    title: "WorkSpace root volume not encrypted",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An `aws_workspaces_workspace` does not set `root_volume_encryption_enabled = true` (the default is off).",
      whyItMatters: "Desktop volumes hold cached credentials, documents and browser data.",
      remediation: "Set `root_volume_encryption_enabled = true` with a `volume_encryption_key`.",
      example:
        'resource "aws_workspaces_workspace" "desk" {\n  root_volume_encryption_enabled = true\n  volume_encryption_key          = aws_kms_key.workspaces.arn\n}',
    },
  },
  {
    types: ["aws_workspaces_workspace"],
    attribute: "root_volume_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt its root volume",
    fixValue: "true",
  },
);
