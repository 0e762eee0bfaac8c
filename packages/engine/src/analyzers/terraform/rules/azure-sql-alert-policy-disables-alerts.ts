import { settingRule } from "../checks.ts";

export const azureSqlAlertPolicyDisablesAlerts = settingRule(
  {
    id: "terraform/azure-sql-alert-policy-disables-alerts",
    analyzer: "terraform",
    title: "Azure SQL threat detection policy disables some alerts",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_mssql_server_security_alert_policy` lists alert types in `disabled_alerts` (e.g. `Sql_Injection`, `Data_Exfiltration`).",
      whyItMatters:
        "The disabled detections (SQL injection, data exfiltration, brute force) are the ones that reveal an attack in progress; nobody is told when they happen.",
      remediation: "Remove `disabled_alerts` (or set it to `[]`) so every threat type is detected.",
      example:
        'resource "azurerm_mssql_server_security_alert_policy" "main" {\n  state           = "Enabled"\n  disabled_alerts = []\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/threat-detection-overview"],
    },
  },
  {
    types: ["azurerm_mssql_server_security_alert_policy"],
    attribute: "disabled_alerts",
    judge: (value) => (!Array.isArray(value) ? "unknown" : value.length === 0 ? "safe" : "unsafe"),
    whenMissing: "safe",
    problem: "disables threat detection alerts",
  },
);
