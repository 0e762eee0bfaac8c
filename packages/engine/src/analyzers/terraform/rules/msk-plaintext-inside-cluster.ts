import { judge, settingRule } from "../checks.ts";

export const mskPlaintextInsideCluster = settingRule(
  {
    id: "terraform/msk-plaintext-inside-cluster",
    analyzer: "terraform",
    title: "MSK brokers talk to each other in plaintext",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `aws_msk_cluster` sets `encryption_info { encryption_in_transit { in_cluster = false } }`.",
      whyItMatters:
        "Replication traffic between brokers then carries every record unencrypted across the network.",
      remediation: "Remove `in_cluster = false` (the default is true).",
      example:
        'resource "aws_msk_cluster" "events" {\n  encryption_info {\n    encryption_in_transit {\n      in_cluster = true\n    }\n  }\n}',
    },
  },
  {
    types: ["aws_msk_cluster"],
    path: ["encryption_info", "encryption_in_transit"],
    attribute: "in_cluster",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "replicates between brokers in plaintext",
    fixValue: "true",
  },
);
