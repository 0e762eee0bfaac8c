import { judge, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const cosmosdbPublicNetworkAccess = settingRule(
  {
    id: "terraform/cosmosdb-public-network-access",
    analyzer: "terraform",
    title: "Cosmos DB account reachable from every network",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `azurerm_cosmosdb_account` leaves `public_network_access_enabled` unset (default true) or true, with neither `ip_range_filter` nor `is_virtual_network_filter_enabled = true`.",
      whyItMatters:
        "The database endpoint accepts requests from the whole internet; an account key is then the only protection of the data.",
      remediation:
        "Set `public_network_access_enabled = false` with private endpoints, or restrict `ip_range_filter` and virtual network rules.",
      example: 'resource "azurerm_cosmosdb_account" "main" {\n  public_network_access_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/cosmos-db/how-to-configure-firewall"],
    },
  },
  {
    types: ["azurerm_cosmosdb_account"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts requests from every network",
    fixValue: "false",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "ip_range_filter", (ranges) =>
        Array.isArray(ranges) ? ranges.length > 0 : typeof ranges === "string" && ranges.trim() !== "",
      ) || settingIsUnknownOr(model, resource, "is_virtual_network_filter_enabled", (on) => on === true),
  },
);
