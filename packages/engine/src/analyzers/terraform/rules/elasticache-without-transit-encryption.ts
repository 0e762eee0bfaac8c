import { judge, settingRule } from "../checks.ts";

export const elasticacheWithoutTransitEncryption = settingRule(
  {
    id: "terraform/elasticache-without-transit-encryption",
    analyzer: "terraform",
    title: "ElastiCache replication group without encryption in transit",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `aws_elasticache_replication_group` leaves `transit_encryption_enabled` unset or false.",
      whyItMatters:
        "Cache traffic (sessions, tokens, cached records) crosses the network in clear and can be read or altered by anything on the path.",
      remediation: "Set `transit_encryption_enabled = true` (and use an AUTH token or RBAC user group).",
      example:
        'resource "aws_elasticache_replication_group" "cache" {\n  transit_encryption_enabled = true\n}',
      references: ["https://docs.aws.amazon.com/AmazonElastiCache/latest/red-ug/in-transit-encryption.html"],
    },
  },
  {
    types: ["aws_elasticache_replication_group"],
    attribute: "transit_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt traffic in transit",
    fixValue: "true",
  },
);
