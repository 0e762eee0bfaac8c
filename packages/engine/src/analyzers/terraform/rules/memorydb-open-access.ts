import { judge, settingRule } from "../checks.ts";

export const memorydbOpenAccess = settingRule(
  {
    id: "terraform/memorydb-open-access",
    analyzer: "terraform",
    title: "MemoryDB cluster without authentication",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [306],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        'An `aws_memorydb_cluster` uses `acl_name = "open-access"`, the built-in ACL that requires no password.',
      whyItMatters: "Any client that reaches the cluster can read and change all of its data.",
      remediation:
        "Create an `aws_memorydb_acl` with users and passwords or IAM authentication, and name it in `acl_name`.",
      example: 'resource "aws_memorydb_cluster" "store" {\n  acl_name = aws_memorydb_acl.app.name\n}',
    },
  },
  {
    types: ["aws_memorydb_cluster"],
    attribute: "acl_name",
    judge: judge.noneOf("open-access"),
    whenMissing: "safe",
    problem: "requires no authentication",
  },
);
