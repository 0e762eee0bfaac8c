import { judge, settingRule } from "../checks.ts";

export const memorystoreRedisWithoutAuth = settingRule(
  {
    id: "terraform/memorystore-redis-without-auth",
    analyzer: "terraform",
    title: "Memorystore for Redis without AUTH",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [306],
    controls: ["IAC-NET-04"],
    docs: {
      summary: "A `google_redis_instance` leaves `auth_enabled` unset (default false) or false.",
      whyItMatters:
        "Any host that can reach the instance on the VPC can read and change every key, including sessions and cached credentials.",
      remediation: "Set `auth_enabled = true` and read the AUTH string from Secret Manager in clients.",
      example: 'resource "google_redis_instance" "cache" {\n  auth_enabled = true\n}',
      references: ["https://cloud.google.com/memorystore/docs/redis/about-redis-auth"],
    },
  },
  {
    types: ["google_redis_instance"],
    attribute: "auth_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "accepts clients without AUTH",
    fixValue: "true",
  },
);
