import { judge, settingRule } from "../checks.ts";

export const daxClusterUnencrypted = settingRule(
  {
    id: "terraform/dax-cluster-unencrypted",
    analyzer: "terraform",
    title: "DAX cluster not encrypted at rest",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_dax_cluster` does not set `server_side_encryption { enabled = true }` (the default is off).",
      whyItMatters:
        "The cache holds copies of DynamoDB items; unencrypted, they are outside the table's encryption.",
      remediation: "Add `server_side_encryption { enabled = true }` (it forces a new cluster).",
      example: 'resource "aws_dax_cluster" "cache" {\n  server_side_encryption {\n    enabled = true\n  }\n}',
    },
  },
  {
    types: ["aws_dax_cluster"],
    path: ["server_side_encryption"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt cached items",
    fixValue: "true",
  },
);
