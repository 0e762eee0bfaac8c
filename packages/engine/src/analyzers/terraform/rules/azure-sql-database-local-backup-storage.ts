import { judge, settingRule } from "../checks.ts";

export const azureSqlDatabaseLocalBackupStorage = settingRule(
  {
    id: "terraform/azure-sql-database-local-backup-storage",
    analyzer: "terraform",
    title: "Azure SQL database keeps backups in one region",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `azurerm_mssql_database` sets `storage_account_type` to `Local` or `Zone`.",
      whyItMatters:
        "Locally or zone-redundant backup storage does not survive the loss of the region; geo-restore is impossible.",
      remediation: 'Set `storage_account_type = "Geo"` (the default) or `"GeoZone"`.',
      example: 'resource "azurerm_mssql_database" "app" {\n  storage_account_type = "GeoZone"\n}',
      references: [
        "https://learn.microsoft.com/azure/azure-sql/database/automated-backups-overview#backup-storage-redundancy",
      ],
    },
  },
  {
    types: ["azurerm_mssql_database"],
    attribute: "storage_account_type",
    judge: judge.noneOf("Local", "Zone"),
    whenMissing: "safe",
    problem: "keeps its backups in one region",
  },
);
