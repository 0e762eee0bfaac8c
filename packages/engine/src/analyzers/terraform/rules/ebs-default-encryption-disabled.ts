import { judge, settingRule } from "../checks.ts";

export const ebsDefaultEncryptionDisabled = settingRule(
  {
    id: "terraform/ebs-default-encryption-disabled",
    analyzer: "terraform",
    title: "EBS encryption by default turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "An `aws_ebs_encryption_by_default` sets `enabled = false`.",
      whyItMatters:
        "Volumes and snapshot copies created without an explicit `encrypted` flag are then stored unencrypted, in every launch path of the region.",
      remediation: "Set `enabled = true` (the default of the resource).",
      example: 'resource "aws_ebs_encryption_by_default" "on" {\n  enabled = true\n}',
    },
  },
  {
    types: ["aws_ebs_encryption_by_default"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns encryption by default off",
    fixValue: "true",
  },
);
