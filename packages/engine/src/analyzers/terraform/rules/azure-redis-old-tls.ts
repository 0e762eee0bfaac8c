import { judge, settingRule } from "../checks.ts";

export const azureRedisOldTls = settingRule(
  {
    id: "terraform/azure-redis-old-tls",
    analyzer: "terraform",
    title: "Azure Cache for Redis accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: 'An `azurerm_redis_cache` sets `minimum_tls_version` to `"1.0"` or `"1.1"`.',
      whyItMatters: "TLS 1.0 and 1.1 have known weaknesses; clients can be downgraded to them.",
      remediation: 'Set `minimum_tls_version = "1.2"`.',
      example: 'resource "azurerm_redis_cache" "cache" {\n  minimum_tls_version = "1.2"\n}',
      references: ["https://learn.microsoft.com/azure/azure-cache-for-redis/cache-remove-tls-10-11"],
    },
  },
  {
    types: ["azurerm_redis_cache"],
    attribute: "minimum_tls_version",
    judge: judge.noneOf("1.0", "1.1"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"1.2"',
  },
);
