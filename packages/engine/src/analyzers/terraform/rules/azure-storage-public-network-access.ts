import { judge, nested, settingRule } from "../checks.ts";
import { declaresResource, settingIsUnknownOr } from "../checks-extra.ts";

// A separate azurerm_storage_account_network_rules in the file may be this account's firewall.
const declaresNetworkRules = declaresResource("azurerm_storage_account_network_rules");

export const azureStoragePublicNetworkAccess = settingRule(
  {
    id: "terraform/azure-storage-public-network-access",
    analyzer: "terraform",
    title: "Azure storage account open to public networks without a firewall",
    severity: "med",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        'An `azurerm_storage_account` leaves `public_network_access_enabled` unset (default true) or true and has no inline `network_rules { default_action = "Deny" }`.',
      whyItMatters:
        "The account's endpoints accept requests from every network; keys and SAS tokens, which leak, are then the only protection of the data.",
      remediation:
        'Set `public_network_access_enabled = false` and use private endpoints, or add `network_rules { default_action = "Deny" }` listing the networks that need access.',
      example: 'resource "azurerm_storage_account" "data" {\n  public_network_access_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/storage/common/storage-network-security"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts requests from public networks",
    exempt: (model, resource) =>
      declaresNetworkRules(model) ||
      nested(resource, ["network_rules"])?.dynamic === true ||
      settingIsUnknownOr(
        model,
        nested(resource, ["network_rules"]),
        "default_action",
        (action) => action === "Deny",
      ),
  },
);
