import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const neptuneWithoutCmk = settingRule(
  {
    id: "terraform/neptune-without-cmk",
    analyzer: "terraform",
    title: "Neptune cluster encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An encrypted `aws_neptune_cluster` has no `kms_key_arn`, so it uses the AWS-managed key.",
      whyItMatters:
        "A graph database holds the relationships between the company's data; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_arn` to a customer-managed key.",
      example:
        'resource "aws_neptune_cluster" "graph" {\n  storage_encrypted = true\n  kms_key_arn       = aws_kms_key.neptune.arn\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("storage_encrypted"),
  },
);
