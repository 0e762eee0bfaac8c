import { judge, nested, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const acrPublicNetworkAccess = settingRule(
  {
    id: "terraform/acr-public-network-access",
    analyzer: "terraform",
    title: "Azure Container Registry reachable from public networks",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'An `azurerm_container_registry` leaves `public_network_access_enabled` unset (default true) or true and has no `network_rule_set { default_action = "Deny" }`.',
      whyItMatters:
        "The registry accepts pushes and pulls from any network; a leaked token or admin password is usable from anywhere.",
      remediation:
        'Set `public_network_access_enabled = false` with a private endpoint, or a `network_rule_set { default_action = "Deny" }` (Premium SKU).',
      example: 'resource "azurerm_container_registry" "main" {\n  public_network_access_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/container-registry/container-registry-access-selected-networks",
      ],
    },
  },
  {
    types: ["azurerm_container_registry"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts requests from public networks",
    fixValue: "false",
    exempt: (model, resource) =>
      nested(resource, ["network_rule_set"])?.dynamic === true ||
      settingIsUnknownOr(
        model,
        nested(resource, ["network_rule_set"]),
        "default_action",
        (action) => action === "Deny",
      ),
  },
);
