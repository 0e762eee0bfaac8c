import { judge, settingRule } from "../checks.ts";

export const azureSqlAuditingDisabled = settingRule(
  {
    id: "terraform/azure-sql-auditing-disabled",
    analyzer: "terraform",
    title: "Azure SQL auditing policy turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_mssql_server_extended_auditing_policy` or `azurerm_mssql_database_extended_auditing_policy` sets `enabled = false`.",
      whyItMatters:
        "Logins, permission changes and queries against the database are not recorded; a breach or insider misuse leaves no trail.",
      remediation:
        "Set `enabled = true` (the default) and send the audit to a storage account or Log Analytics workspace.",
      example:
        'resource "azurerm_mssql_server_extended_auditing_policy" "main" {\n  server_id              = azurerm_mssql_server.main.id\n  log_monitoring_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/auditing-overview"],
    },
  },
  {
    types: [
      "azurerm_mssql_server_extended_auditing_policy",
      "azurerm_mssql_database_extended_auditing_policy",
    ],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns auditing off",
    fixValue: "true",
  },
);
