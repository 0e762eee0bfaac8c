import { judge, settingRule } from "../checks.ts";

export const qldbLedgerAllowAllPermissions = settingRule(
  {
    id: "terraform/qldb-ledger-allow-all-permissions",
    analyzer: "terraform",
    title: "QLDB ledger in ALLOW_ALL permissions mode",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [732],
    controls: ["IAC-IAM-01"],
    docs: {
      summary: 'An `aws_qldb_ledger` sets `permissions_mode = "ALLOW_ALL"`.',
      whyItMatters:
        "Any principal allowed to send PartiQL commands to the ledger can read and write every table, with no table-level permissions.",
      remediation: 'Set `permissions_mode = "STANDARD"` and grant table-level PartiQL permissions.',
      example: 'resource "aws_qldb_ledger" "audit" {\n  permissions_mode = "STANDARD"\n}',
    },
  },
  {
    types: ["aws_qldb_ledger"],
    attribute: "permissions_mode",
    judge: judge.oneOf("STANDARD"),
    whenMissing: "safe",
    problem: "allows every command on every table",
    fixValue: '"STANDARD"',
  },
);
