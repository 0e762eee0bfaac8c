import { judge, settingRule } from "../checks.ts";

export const neptuneWithoutAuditLogs = settingRule(
  {
    id: "terraform/neptune-without-audit-logs",
    analyzer: "terraform",
    title: "Neptune cluster does not export audit logs",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_neptune_cluster` does not list `audit` in `enable_cloudwatch_logs_exports`.",
      whyItMatters:
        "Neptune's audit log records who queried the graph; without it, access to the data cannot be reconstructed.",
      remediation:
        'Set `enable_cloudwatch_logs_exports = ["audit"]` (and `neptune_enable_audit_log = 1` in the cluster parameter group).',
      example: 'resource "aws_neptune_cluster" "graph" {\n  enable_cloudwatch_logs_exports = ["audit"]\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "enable_cloudwatch_logs_exports",
    judge: judge.includes("audit"),
    whenMissing: "unsafe",
    problem: "does not export audit logs",
  },
);
