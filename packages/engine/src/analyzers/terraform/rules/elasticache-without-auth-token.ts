import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const elasticacheWithoutAuthToken = settingRule(
  {
    id: "terraform/elasticache-without-auth-token",
    analyzer: "terraform",
    title: "ElastiCache Redis without authentication",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [306],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_elasticache_replication_group` with encryption in transit sets neither `auth_token` nor `user_group_ids`.",
      whyItMatters:
        "Any client that reaches the cache can read and change all of its data: sessions, tokens and cached rows.",
      remediation: "Set `auth_token` (from a secret) or use RBAC with `user_group_ids`.",
      example:
        'resource "aws_elasticache_replication_group" "cache" {\n  transit_encryption_enabled = true\n  auth_token                 = random_password.cache.result\n}',
    },
  },
  {
    types: ["aws_elasticache_replication_group"],
    attribute: "auth_token",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "requires no authentication",
    exempt: (model, resource) =>
      resource.attributes.has("user_group_ids") ||
      unlessEnabled("transit_encryption_enabled")(model, resource),
  },
);
