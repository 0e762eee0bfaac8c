import { judge, settingRule } from "../checks.ts";

export const elasticacheWithoutAtRestEncryption = settingRule(
  {
    id: "terraform/elasticache-without-at-rest-encryption",
    analyzer: "terraform",
    title: "ElastiCache replication group without encryption at rest",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_elasticache_replication_group` leaves `at_rest_encryption_enabled` unset or false.",
      whyItMatters: "Backups and swap of the cache nodes hold the cached data in clear.",
      remediation:
        "Set `at_rest_encryption_enabled = true` (it can only be chosen when the group is created).",
      example:
        'resource "aws_elasticache_replication_group" "cache" {\n  at_rest_encryption_enabled = true\n}',
      references: ["https://docs.aws.amazon.com/AmazonElastiCache/latest/red-ug/at-rest-encryption.html"],
    },
  },
  {
    types: ["aws_elasticache_replication_group"],
    attribute: "at_rest_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt data at rest",
    fixValue: "true",
  },
);
