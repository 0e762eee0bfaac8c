import { settingRule } from "../checks.ts";

export const azureSqlShortAuditRetention = settingRule(
  {
    id: "terraform/azure-sql-short-audit-retention",
    analyzer: "terraform",
    title: "Azure SQL audit logs kept for fewer than 90 days",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-BAK-01", "IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_mssql_server_extended_auditing_policy` or `azurerm_mssql_database_extended_auditing_policy` sets `retention_in_days` between 1 and 89 (0 means keep forever).",
      whyItMatters:
        "Breaches are often found months later; audit records that expired cannot show what was accessed.",
      remediation: "Set `retention_in_days` to 90 or more, or 0 to keep records indefinitely.",
      example: 'resource "azurerm_mssql_server_extended_auditing_policy" "db" {\n  retention_in_days = 90\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/auditing-overview"],
    },
  },
  {
    types: [
      "azurerm_mssql_server_extended_auditing_policy",
      "azurerm_mssql_database_extended_auditing_policy",
    ],
    attribute: "retention_in_days",
    judge: (value) => {
      if (typeof value !== "number") return "unknown";
      return value === 0 || value >= 90 ? "safe" : "unsafe";
    },
    whenMissing: "safe",
    problem: "keeps audit logs for fewer than 90 days",
  },
);
