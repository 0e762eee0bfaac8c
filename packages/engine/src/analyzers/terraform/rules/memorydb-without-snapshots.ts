import { judge, settingRule } from "../checks.ts";

export const memorydbWithoutSnapshots = settingRule(
  {
    id: "terraform/memorydb-without-snapshots",
    analyzer: "terraform",
    title: "MemoryDB cluster keeps no automatic snapshots",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_memorydb_cluster` leaves `snapshot_retention_limit` at 0 (the default).",
      whyItMatters: "Without snapshots a deleted or corrupted cluster cannot be restored.",
      remediation: "Set `snapshot_retention_limit` to at least 1 (days).",
      example: 'resource "aws_memorydb_cluster" "store" {\n  snapshot_retention_limit = 7\n}',
    },
  },
  {
    types: ["aws_memorydb_cluster"],
    attribute: "snapshot_retention_limit",
    judge: judge.atLeast(1),
    whenMissing: "unsafe",
    problem: "keeps no automatic snapshots",
  },
);
