import { judge, setting, settingRule } from "../checks.ts";

export const azureKeyVaultNetworkAllowsAll = settingRule(
  {
    id: "terraform/azure-key-vault-network-allows-all",
    analyzer: "terraform",
    title: "Azure Key Vault reachable from every network",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-KMS-02", "IAC-NET-02"],
    docs: {
      summary: 'An `azurerm_key_vault` has no `network_acls` block, or one with `default_action = "Allow"`.',
      whyItMatters:
        "The vault's endpoint accepts requests from any network; a leaked token or client secret is usable from anywhere.",
      remediation:
        'Add `network_acls { default_action = "Deny"; bypass = "AzureServices" }` with the networks that need access, or disable public network access.',
      example:
        'resource "azurerm_key_vault" "main" {\n  network_acls {\n    default_action = "Deny"\n    bypass         = "AzureServices"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/general/network-security"],
    },
  },
  {
    types: ["azurerm_key_vault"],
    path: ["network_acls"],
    attribute: "default_action",
    judge: judge.oneOf("Deny"),
    whenMissing: "unsafe",
    problem: "accepts requests from every network",
    exempt: (model, resource) => {
      const publicAccess = setting(model, resource, "public_network_access_enabled");
      return (
        publicAccess.state === "unknown" || (publicAccess.state === "known" && publicAccess.value === false)
      );
    },
  },
);
