import { judge, settingRule } from "../checks.ts";

export const azureKeyVaultSoftDeleteDisabled = settingRule(
  {
    id: "terraform/azure-key-vault-soft-delete-disabled",
    analyzer: "terraform",
    title: "Azure Key Vault with soft delete turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-KMS-02"],
    docs: {
      summary:
        "An `azurerm_key_vault` sets the legacy `soft_delete_enabled = false` (azurerm 2.x; soft delete is always on since).",
      whyItMatters:
        "A deleted vault, key or secret is destroyed immediately; data encrypted with a lost key cannot be recovered.",
      remediation:
        "Remove `soft_delete_enabled = false` (or set it to true), keep `soft_delete_retention_days` at 90 and enable `purge_protection_enabled`.",
      example:
        'resource "azurerm_key_vault" "main" {\n  soft_delete_retention_days = 90\n  purge_protection_enabled   = true\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/general/soft-delete-overview"],
    },
  },
  {
    types: ["azurerm_key_vault"],
    attribute: "soft_delete_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns soft delete off",
    fixValue: "true",
  },
);
