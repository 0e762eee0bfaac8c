import { judge, settingRule } from "../checks.ts";

export const azureStorageNetworkAllowsAll = settingRule(
  {
    id: "terraform/azure-storage-network-allows-all",
    analyzer: "terraform",
    title: "Azure storage account network rules allow every network",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        'An `azurerm_storage_account`\'s `network_rules`, or an `azurerm_storage_account_network_rules`, sets `default_action = "Allow"`.',
      whyItMatters:
        "The account's endpoints accept requests from any network; only keys and SAS tokens protect the data, and those leak.",
      remediation:
        'Set `default_action = "Deny"` and allow the virtual networks, IP ranges or trusted services that need access.',
      example:
        'resource "azurerm_storage_account" "data" {\n  network_rules {\n    default_action = "Deny"\n    bypass         = ["AzureServices"]\n  }\n}',
      references: ["https://learn.microsoft.com/azure/storage/common/storage-network-security"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    path: ["network_rules"],
    attribute: "default_action",
    judge: judge.oneOf("Deny"),
    whenMissing: "safe",
    problem: "accepts requests from every network",
  },
);
