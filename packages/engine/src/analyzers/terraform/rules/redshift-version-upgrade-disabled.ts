import { judge, settingRule } from "../checks.ts";

export const redshiftVersionUpgradeDisabled = settingRule(
  {
    id: "terraform/redshift-version-upgrade-disabled",
    analyzer: "terraform",
    title: "Redshift cluster version upgrades turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "An `aws_redshift_cluster` sets `allow_version_upgrade = false`.",
      whyItMatters: "Engine fixes, security ones included, are then not applied during maintenance windows.",
      remediation: "Remove `allow_version_upgrade = false` (the default is true).",
      example: 'resource "aws_redshift_cluster" "warehouse" {\n  allow_version_upgrade = true\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "allow_version_upgrade",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "does not take version upgrades",
    fixValue: "true",
  },
);
