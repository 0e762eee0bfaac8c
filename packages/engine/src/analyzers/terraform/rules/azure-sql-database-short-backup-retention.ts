import { judge, settingRule } from "../checks.ts";

export const azureSqlDatabaseShortBackupRetention = settingRule(
  {
    id: "terraform/azure-sql-database-short-backup-retention",
    analyzer: "terraform",
    title: "Azure SQL database keeps point-in-time backups for less than 7 days",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "An `azurerm_mssql_database` sets `short_term_retention_policy { retention_days }` below 7 (the default is 7).",
      whyItMatters:
        "A corruption or a destructive change noticed after the retention window can no longer be undone by a point-in-time restore.",
      remediation: "Set `retention_days` to 7 or more (up to 35).",
      example:
        'resource "azurerm_mssql_database" "app" {\n  short_term_retention_policy {\n    retention_days = 14\n  }\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/automated-backups-change-settings"],
    },
  },
  {
    types: ["azurerm_mssql_database"],
    path: ["short_term_retention_policy"],
    attribute: "retention_days",
    judge: judge.atLeast(7),
    whenMissing: "safe",
    problem: "keeps point-in-time backups for less than 7 days",
  },
);
