import { judge, settingRule } from "../checks.ts";

export const azureSqlDatabaseGeoBackupDisabled = settingRule(
  {
    id: "terraform/azure-sql-database-geo-backup-disabled",
    analyzer: "terraform",
    title: "Azure SQL database without geo-redundant backups",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `azurerm_mssql_database` sets `geo_backup_enabled = false` or a backup `storage_account_type` of `Local` or `Zone`.",
      whyItMatters:
        "Backups kept in one region are lost with that region; a regional outage or disaster then leaves nothing to restore from.",
      remediation:
        'Keep `geo_backup_enabled = true` (the default) and `storage_account_type = "Geo"` (or `GeoZone`).',
      example: 'resource "azurerm_mssql_database" "app" {\n  storage_account_type = "Geo"\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/automated-backups-overview"],
    },
  },
  {
    types: ["azurerm_mssql_database"],
    attribute: "geo_backup_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "keeps no geo-redundant backups",
    fixValue: "true",
  },
);
