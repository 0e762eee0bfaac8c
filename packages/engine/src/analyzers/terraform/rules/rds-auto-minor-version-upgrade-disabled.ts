import { judge, settingRule } from "../checks.ts";

export const rdsAutoMinorVersionUpgradeDisabled = settingRule(
  {
    id: "terraform/rds-auto-minor-version-upgrade-disabled",
    analyzer: "terraform",
    title: "RDS minor version upgrades turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster_instance` sets `auto_minor_version_upgrade = false`.",
      whyItMatters:
        "Minor versions carry security fixes; with automatic upgrades off, known database vulnerabilities stay until someone upgrades by hand.",
      remediation: "Remove `auto_minor_version_upgrade = false` (the default is true).",
      example: 'resource "aws_db_instance" "main" {\n  auto_minor_version_upgrade = true\n}',
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster_instance"],
    attribute: "auto_minor_version_upgrade",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "does not take minor version upgrades",
    fixValue: "true",
  },
);
