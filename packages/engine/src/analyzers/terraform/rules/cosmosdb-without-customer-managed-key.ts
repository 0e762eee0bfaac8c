import { judge, settingRule } from "../checks.ts";

export const cosmosdbWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/cosmosdb-without-customer-managed-key",
    analyzer: "terraform",
    title: "Cosmos DB account without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `azurerm_cosmosdb_account` has no `key_vault_key_id`, so data is encrypted with a Microsoft-managed key.",
      whyItMatters: "You cannot revoke access to the data, audit the key's use or control its rotation.",
      remediation:
        "Set `key_vault_key_id` to a versionless Key Vault key (at creation) and grant Cosmos DB access to it.",
      example:
        'resource "azurerm_cosmosdb_account" "main" {\n  key_vault_key_id = azurerm_key_vault_key.cosmos.versionless_id\n}',
      references: ["https://learn.microsoft.com/azure/cosmos-db/how-to-setup-customer-managed-keys"],
    },
  },
  {
    types: ["azurerm_cosmosdb_account"],
    attribute: "key_vault_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts data with a Microsoft-managed key",
  },
);
