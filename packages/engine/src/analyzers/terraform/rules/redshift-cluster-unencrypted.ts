import { judge, settingRule } from "../checks.ts";

export const redshiftClusterUnencrypted = settingRule(
  {
    id: "terraform/redshift-cluster-unencrypted",
    analyzer: "terraform",
    title: "Redshift cluster encryption turned off",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_redshift_cluster` sets `encrypted = false`.",
      whyItMatters:
        "A warehouse holds copies of the company's data; unencrypted, its storage and snapshots are readable by anyone who obtains them.",
      remediation: "Set `encrypted = true` (changing it on an existing cluster migrates the data).",
      example: 'resource "aws_redshift_cluster" "warehouse" {\n  encrypted = true\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "encrypted",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "stores data unencrypted",
    fixValue: "true",
  },
);
