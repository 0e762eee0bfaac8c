import { judge, settingRule } from "../checks.ts";

export const memorystoreRedisWithoutTransitEncryption = settingRule(
  {
    id: "terraform/memorystore-redis-without-transit-encryption",
    analyzer: "terraform",
    title: "Memorystore for Redis without in-transit encryption",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_redis_instance` leaves `transit_encryption_mode` unset (default `DISABLED`) or `DISABLED`.",
      whyItMatters: "Commands, data and the AUTH string travel in clear text on the VPC.",
      remediation: 'Set `transit_encryption_mode = "SERVER_AUTHENTICATION"` (at creation).',
      example:
        'resource "google_redis_instance" "cache" {\n  transit_encryption_mode = "SERVER_AUTHENTICATION"\n}',
      references: ["https://cloud.google.com/memorystore/docs/redis/about-in-transit-encryption"],
    },
  },
  {
    types: ["google_redis_instance"],
    attribute: "transit_encryption_mode",
    judge: judge.oneOf("SERVER_AUTHENTICATION"),
    whenMissing: "unsafe",
    problem: "does not encrypt traffic in transit",
    fixValue: '"SERVER_AUTHENTICATION"',
  },
);
