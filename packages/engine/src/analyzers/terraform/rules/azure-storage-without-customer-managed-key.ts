import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureStorageWithoutCustomerManagedKey: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-storage-without-customer-managed-key",
  analyzer: "terraform",
  title: "Azure storage account without a customer-managed key",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [320],
  controls: ["IAC-ENC-01"],
  docs: {
    summary:
      "An `azurerm_storage_account` has no `customer_managed_key` block and no `azurerm_storage_account_customer_managed_key` names it anywhere in its module.",
    whyItMatters:
      "Data is encrypted with a Microsoft-managed key; you cannot revoke access to it or audit key use.",
    remediation:
      "Add `customer_managed_key { key_vault_key_id = …, user_assigned_identity_id = … }` or an `azurerm_storage_account_customer_managed_key` with `storage_account_id = azurerm_storage_account.<name>.id`. An account handed to a module call, or named through a variable or a literal ID, is not reported.",
    example:
      'resource "azurerm_storage_account_customer_managed_key" "data" {\n  storage_account_id = azurerm_storage_account.data.id\n  key_vault_id       = azurerm_key_vault.main.id\n  key_name           = azurerm_key_vault_key.storage.name\n}',
    references: ["https://learn.microsoft.com/azure/storage/common/customer-managed-keys-overview"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-storage-customer-managed-key")) {
      ctx.report({
        path,
        message: `azurerm_storage_account.${resource.name} encrypts data with a Microsoft-managed key`,
        at: locatedAt(resource),
      });
    }
  },
};
