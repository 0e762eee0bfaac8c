import { judge, settingRule } from "../checks.ts";

export const qldbLedgerWithoutDeletionProtection = settingRule(
  {
    id: "terraform/qldb-ledger-without-deletion-protection",
    analyzer: "terraform",
    title: "QLDB ledger with deletion protection turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "An `aws_qldb_ledger` sets `deletion_protection = false` (the default is on).",
      whyItMatters:
        "A ledger is kept because its history must survive; without protection one destroy removes it.",
      remediation: "Remove `deletion_protection = false` or set it to `true`.",
      example: 'resource "aws_qldb_ledger" "audit" {\n  deletion_protection = true\n}',
    },
  },
  {
    types: ["aws_qldb_ledger"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
