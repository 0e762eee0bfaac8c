import { judge, settingRule } from "../checks.ts";

export const neptuneWithoutIamAuthentication = settingRule(
  {
    id: "terraform/neptune-without-iam-authentication",
    analyzer: "terraform",
    title: "Neptune cluster without IAM authentication",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_neptune_cluster` does not set `iam_database_authentication_enabled = true` (the default is off).",
      whyItMatters:
        "Without IAM authentication, access to the graph is governed only by the network: anything that can reach the endpoint can query it.",
      remediation:
        "Set `iam_database_authentication_enabled = true` and grant `neptune-db:*` actions to the roles that need them.",
      example: 'resource "aws_neptune_cluster" "graph" {\n  iam_database_authentication_enabled = true\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "iam_database_authentication_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not use IAM authentication",
    fixValue: "true",
  },
);
