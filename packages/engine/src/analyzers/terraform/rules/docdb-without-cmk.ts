import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const docdbWithoutCmk = settingRule(
  {
    id: "terraform/docdb-without-cmk",
    analyzer: "terraform",
    title: "DocumentDB cluster encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An encrypted `aws_docdb_cluster` has no `kms_key_id`, so it uses the AWS-managed key.",
      whyItMatters:
        "Document databases hold application records; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key. Unencrypted clusters are reported by `unencrypted-docdb-cluster`.",
      example:
        'resource "aws_docdb_cluster" "docs" {\n  storage_encrypted = true\n  kms_key_id        = aws_kms_key.docdb.arn\n}',
    },
  },
  {
    types: ["aws_docdb_cluster"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("storage_encrypted"),
  },
);
