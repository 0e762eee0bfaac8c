import { judge, settingRule } from "../checks.ts";

export const memorydbWithoutCmk = settingRule(
  {
    id: "terraform/memorydb-without-cmk",
    analyzer: "terraform",
    title: "MemoryDB cluster encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_memorydb_cluster` has no `kms_key_arn`.",
      whyItMatters:
        "An in-memory database holds the data itself; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_arn` to a customer-managed key.",
      example: 'resource "aws_memorydb_cluster" "store" {\n  kms_key_arn = aws_kms_key.memorydb.arn\n}',
    },
  },
  {
    types: ["aws_memorydb_cluster"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
