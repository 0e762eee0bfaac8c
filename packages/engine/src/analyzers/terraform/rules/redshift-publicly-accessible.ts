import { judge, settingRule } from "../checks.ts";

export const redshiftPubliclyAccessible = settingRule(
  {
    id: "terraform/redshift-publicly-accessible",
    analyzer: "terraform",
    title: "Redshift cluster reachable from the internet",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary: "An `aws_redshift_cluster` sets `publicly_accessible = true`.",
      whyItMatters:
        "The warehouse endpoint gets a public address; only its security groups and password stand between the internet and the data.",
      remediation: "Set `publicly_accessible = false` and reach the cluster through the VPC.",
      example: 'resource "aws_redshift_cluster" "warehouse" {\n  publicly_accessible = false\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "publicly_accessible",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is publicly accessible",
    fixValue: "false",
  },
);
