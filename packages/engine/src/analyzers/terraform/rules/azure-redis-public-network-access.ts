import { judge, settingRule } from "../checks.ts";

export const azureRedisPublicNetworkAccess = settingRule(
  {
    id: "terraform/azure-redis-public-network-access",
    analyzer: "terraform",
    title: "Azure Cache for Redis reachable from public networks",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `azurerm_redis_cache` outside a virtual network (no `subnet_id`) leaves `public_network_access_enabled` unset (default true) or true.",
      whyItMatters:
        "The cache endpoint is reachable from the internet; its access key is then the only protection of cached sessions and data.",
      remediation:
        "Set `public_network_access_enabled = false` and reach the cache through a private endpoint.",
      example: 'resource "azurerm_redis_cache" "cache" {\n  public_network_access_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/azure-cache-for-redis/cache-private-link"],
    },
  },
  {
    types: ["azurerm_redis_cache"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "is reachable from public networks",
    fixValue: "false",
    exempt: (_model, resource) => resource.attributes.has("subnet_id"),
  },
);
