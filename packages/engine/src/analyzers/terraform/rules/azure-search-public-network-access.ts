import { judge, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const azureSearchPublicNetworkAccess = settingRule(
  {
    id: "terraform/azure-search-public-network-access",
    analyzer: "terraform",
    title: "Azure AI Search service reachable from public networks",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        "An `azurerm_search_service` leaves `public_network_access_enabled` unset (default true) or true and lists no `allowed_ips`.",
      whyItMatters:
        "The search endpoint, and the indexed documents behind it, accept queries from the internet; an API key is the only protection.",
      remediation:
        "Set `public_network_access_enabled = false` with a private endpoint, or restrict `allowed_ips`.",
      example: 'resource "azurerm_search_service" "docs" {\n  public_network_access_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/search/service-configure-firewall"],
    },
  },
  {
    types: ["azurerm_search_service"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts queries from public networks",
    fixValue: "false",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "allowed_ips", (ips) => Array.isArray(ips) && ips.length > 0),
  },
);
