import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const elasticacheWithoutCmk = settingRule(
  {
    id: "terraform/elasticache-without-cmk",
    analyzer: "terraform",
    title: "ElastiCache encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_elasticache_replication_group` with encryption at rest has no `kms_key_id`.",
      whyItMatters:
        "Caches hold sessions, tokens and copies of database rows; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_id` to a customer-managed key.",
      example:
        'resource "aws_elasticache_replication_group" "cache" {\n  at_rest_encryption_enabled = true\n  kms_key_id                 = aws_kms_key.cache.arn\n}',
    },
  },
  {
    types: ["aws_elasticache_replication_group"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("at_rest_encryption_enabled"),
  },
);
