import { judge, settingRule } from "../checks.ts";

export const azureSqlDatabaseTdeDisabled = settingRule(
  {
    id: "terraform/azure-sql-database-tde-disabled",
    analyzer: "terraform",
    title: "Azure SQL database with transparent data encryption turned off",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `azurerm_mssql_database` sets `transparent_data_encryption_enabled = false`.",
      whyItMatters:
        "The database files, backups and transaction logs are stored unencrypted; anyone who obtains a copy reads the data.",
      remediation: "Set `transparent_data_encryption_enabled = true` (the default).",
      example: 'resource "azurerm_mssql_database" "app" {\n  transparent_data_encryption_enabled = true\n}',
      references: [
        "https://learn.microsoft.com/azure/azure-sql/database/transparent-data-encryption-tde-overview",
      ],
    },
  },
  {
    types: ["azurerm_mssql_database"],
    attribute: "transparent_data_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "stores its data unencrypted",
    fixValue: "true",
  },
);
