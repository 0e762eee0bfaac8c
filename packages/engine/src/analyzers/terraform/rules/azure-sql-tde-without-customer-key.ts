import { judge, settingRule } from "../checks.ts";

export const azureSqlTdeWithoutCustomerKey = settingRule(
  {
    id: "terraform/azure-sql-tde-without-customer-key",
    analyzer: "terraform",
    title: "Azure SQL transparent data encryption with a service-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `azurerm_mssql_server_transparent_data_encryption` sets neither `key_vault_key_id` nor `managed_hsm_key_id`, so the databases are encrypted with a Microsoft-managed key.",
      whyItMatters:
        "With a service-managed key you cannot revoke access to the data, audit key use or control rotation; a customer-managed key in Key Vault gives you that control.",
      remediation:
        "Set `key_vault_key_id` to a key in a vault with purge protection (and grant the server's identity access).",
      example:
        'resource "azurerm_mssql_server_transparent_data_encryption" "main" {\n  server_id        = azurerm_mssql_server.main.id\n  key_vault_key_id = azurerm_key_vault_key.sql.id\n}',
      references: [
        "https://learn.microsoft.com/azure/azure-sql/database/transparent-data-encryption-byok-overview",
      ],
    },
  },
  {
    types: ["azurerm_mssql_server_transparent_data_encryption"],
    attribute: "key_vault_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts with a service-managed key",
    exempt: (_model, resource) => resource.attributes.has("managed_hsm_key_id"),
  },
);
