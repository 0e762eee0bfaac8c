import { judge, settingRule } from "../checks.ts";

export const redshiftShortSnapshotRetention = settingRule(
  {
    id: "terraform/redshift-short-snapshot-retention",
    analyzer: "terraform",
    title: "Redshift automated snapshots kept for fewer than 7 days",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `aws_redshift_cluster` keeps automated snapshots for fewer than 7 days (the default is 1; 0 turns them off).",
      whyItMatters: "A bad load or a dropped table noticed after the window cannot be restored.",
      remediation: "Set `automated_snapshot_retention_period` to 7 or more.",
      example: 'resource "aws_redshift_cluster" "warehouse" {\n  automated_snapshot_retention_period = 7\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "automated_snapshot_retention_period",
    judge: judge.atLeast(7),
    whenMissing: "unsafe",
    problem: "keeps automated snapshots for fewer than 7 days",
  },
);
