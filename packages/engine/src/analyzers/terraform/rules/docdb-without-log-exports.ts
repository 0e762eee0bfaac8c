import { judge, settingRule } from "../checks.ts";

export const docdbWithoutLogExports = settingRule(
  {
    id: "terraform/docdb-without-log-exports",
    analyzer: "terraform",
    title: "DocumentDB cluster does not export audit logs",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_docdb_cluster` does not list `audit` in `enabled_cloudwatch_logs_exports`.",
      whyItMatters:
        "DocumentDB's audit log records authentication and data-definition events; without it, who accessed the cluster cannot be told.",
      remediation:
        'Set `enabled_cloudwatch_logs_exports = ["audit", "profiler"]` (and `audit_logs = enabled` in the cluster parameter group).',
      example:
        'resource "aws_docdb_cluster" "docs" {\n  enabled_cloudwatch_logs_exports = ["audit", "profiler"]\n}',
    },
  },
  {
    types: ["aws_docdb_cluster"],
    attribute: "enabled_cloudwatch_logs_exports",
    judge: judge.includes("audit"),
    whenMissing: "unsafe",
    problem: "does not export audit logs",
  },
);
