import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureRedisNonSslPortEnabled = aliasedSettingRule(
  {
    id: "terraform/azure-redis-non-ssl-port-enabled",
    analyzer: "terraform",
    title: "Azure Cache for Redis opens its non-TLS port",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `azurerm_redis_cache` sets `non_ssl_port_enabled` (azurerm 3.x: `enable_non_ssl_port`) to true, opening port 6379 without TLS.",
      whyItMatters:
        "Commands, cached data and the access key travel in clear text and can be read or altered on the network path.",
      remediation: "Set `non_ssl_port_enabled = false` (the default) and connect on port 6380 with TLS.",
      example: 'resource "azurerm_redis_cache" "cache" {\n  non_ssl_port_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/azure-cache-for-redis/cache-configure#access-ports"],
    },
  },
  {
    types: ["azurerm_redis_cache"],
    attribute: "non_ssl_port_enabled",
    aliases: ["enable_non_ssl_port"],
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "accepts unencrypted connections on port 6379",
    fixValue: "false",
  },
);
