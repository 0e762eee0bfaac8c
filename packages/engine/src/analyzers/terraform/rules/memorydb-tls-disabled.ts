import { judge, settingRule } from "../checks.ts";

export const memorydbTlsDisabled = settingRule(
  {
    id: "terraform/memorydb-tls-disabled",
    analyzer: "terraform",
    title: "MemoryDB cluster without TLS",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `aws_memorydb_cluster` sets `tls_enabled = false`.",
      whyItMatters: "Clients then send commands, data and credentials to the cluster in clear text.",
      remediation: "Remove `tls_enabled = false` (the default is true).",
      example: 'resource "aws_memorydb_cluster" "store" {\n  tls_enabled = true\n}',
    },
  },
  {
    types: ["aws_memorydb_cluster"],
    attribute: "tls_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "accepts connections without TLS",
    fixValue: "true",
  },
);
