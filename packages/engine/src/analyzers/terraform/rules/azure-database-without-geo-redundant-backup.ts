import { judge, settingRule } from "../checks.ts";

export const azureDatabaseWithoutGeoRedundantBackup = settingRule(
  {
    id: "terraform/azure-database-without-geo-redundant-backup",
    analyzer: "terraform",
    title: "Azure database server without geo-redundant backups",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An Azure Database for PostgreSQL, MySQL or MariaDB server (single or flexible) leaves `geo_redundant_backup_enabled` unset (default false) or false.",
      whyItMatters:
        "Backups stay in the server's region; a regional outage or disaster loses the database and its backups together.",
      remediation:
        "Set `geo_redundant_backup_enabled = true` when the server is created (it cannot be changed later on most tiers).",
      example:
        'resource "azurerm_postgresql_flexible_server" "db" {\n  geo_redundant_backup_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/postgresql/flexible-server/concepts-backup-restore"],
    },
  },
  {
    types: [
      "azurerm_postgresql_server",
      "azurerm_postgresql_flexible_server",
      "azurerm_mysql_server",
      "azurerm_mysql_flexible_server",
      "azurerm_mariadb_server",
    ],
    attribute: "geo_redundant_backup_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "keeps no geo-redundant backups",
    fixValue: "true",
    exempt: (_model, resource) =>
      resource.attributes.has("source_server_id") || resource.attributes.has("creation_source_server_id"),
  },
);
