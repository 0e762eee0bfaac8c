import { judge, settingRule } from "../checks.ts";

export const neptuneInstancePubliclyAccessible = settingRule(
  {
    id: "terraform/neptune-instance-publicly-accessible",
    analyzer: "terraform",
    title: "Neptune instance reachable from the internet",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary: "An `aws_neptune_cluster_instance` sets `publicly_accessible = true`.",
      whyItMatters:
        "The graph database gets a public address; only its security groups and authentication stand between the internet and the data.",
      remediation: "Set `publicly_accessible = false`.",
      example: 'resource "aws_neptune_cluster_instance" "graph" {\n  publicly_accessible = false\n}',
    },
  },
  {
    types: ["aws_neptune_cluster_instance"],
    attribute: "publicly_accessible",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is publicly accessible",
    fixValue: "false",
  },
);
