import { declaresResource, requiredBlockRule } from "../checks-extra.ts";

// The companion resource may configure this account; declared in the file, it silences the rule.
const declaresKey = declaresResource("azurerm_storage_account_customer_managed_key");

export const azureStorageWithoutCustomerManagedKey = requiredBlockRule(
  {
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
        "An `azurerm_storage_account` has no `customer_managed_key` block and the file declares no `azurerm_storage_account_customer_managed_key`.",
      whyItMatters:
        "Data is encrypted with a Microsoft-managed key; you cannot revoke access to it or audit key use.",
      remediation:
        "Add `customer_managed_key { key_vault_key_id = …, user_assigned_identity_id = … }` or an `azurerm_storage_account_customer_managed_key`.",
      example:
        'resource "azurerm_storage_account_customer_managed_key" "data" {\n  storage_account_id = azurerm_storage_account.data.id\n  key_vault_id       = azurerm_key_vault.main.id\n  key_name           = azurerm_key_vault_key.storage.name\n}',
      references: ["https://learn.microsoft.com/azure/storage/common/customer-managed-keys-overview"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    path: ["customer_managed_key"],
    problem: "encrypts data with a Microsoft-managed key",
    exempt: (model) => declaresKey(model),
  },
);
