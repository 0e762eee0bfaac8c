import { judge, settingRule } from "../checks.ts";

export const azureKeyVaultWithoutPurgeProtection = settingRule(
  {
    id: "terraform/azure-key-vault-without-purge-protection",
    analyzer: "terraform",
    title: "Azure Key Vault without purge protection",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-KMS-02"],
    docs: {
      summary: "An `azurerm_key_vault` leaves `purge_protection_enabled` unset or false.",
      whyItMatters:
        "Anyone with enough rights (or a compromised pipeline) can delete the vault and purge it immediately, destroying every key and the data encrypted with them.",
      remediation: "Set `purge_protection_enabled = true` (it cannot be turned off again).",
      example:
        'resource "azurerm_key_vault" "main" {\n  purge_protection_enabled   = true\n  soft_delete_retention_days = 90\n}',
      references: [
        "https://learn.microsoft.com/azure/key-vault/general/soft-delete-overview#purge-protection",
      ],
    },
  },
  {
    types: ["azurerm_key_vault"],
    attribute: "purge_protection_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be purged immediately after deletion",
    fixValue: "true",
  },
);
