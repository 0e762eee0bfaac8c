import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureKeyVaultWithoutRbac = aliasedSettingRule(
  {
    id: "terraform/azure-key-vault-without-rbac",
    analyzer: "terraform",
    title: "Azure Key Vault uses access policies instead of Azure RBAC",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [285],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_key_vault` leaves `rbac_authorization_enabled` (azurerm 3.x: `enable_rbac_authorization`) unset or false, so data-plane access is granted by vault access policies.",
      whyItMatters:
        "Access policies grant a principal a permission on every key, secret or certificate of the vault, cannot be scoped lower, and anyone with Contributor on the vault can grant themselves access.",
      remediation:
        "Set `rbac_authorization_enabled = true` and grant `Key Vault Secrets User` and similar roles at the narrowest scope.",
      example: 'resource "azurerm_key_vault" "main" {\n  rbac_authorization_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/general/rbac-access-policy"],
    },
  },
  {
    types: ["azurerm_key_vault"],
    attribute: "rbac_authorization_enabled",
    aliases: ["enable_rbac_authorization"],
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "authorizes data-plane access with access policies instead of Azure RBAC",
  },
);
