import { judge, settingRule } from "../checks.ts";

export const azureSqlThreatDetectionDisabled = settingRule(
  {
    id: "terraform/azure-sql-threat-detection-disabled",
    analyzer: "terraform",
    title: "Azure SQL threat detection turned off",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'An `azurerm_mssql_server_security_alert_policy` sets `state = "Disabled"`.',
      whyItMatters: "SQL injection attempts, anomalous logins and data exfiltration patterns go unnoticed.",
      remediation: 'Set `state = "Enabled"` and route alerts to people who act on them.',
      example: 'resource "azurerm_mssql_server_security_alert_policy" "db" {\n  state = "Enabled"\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/threat-detection-overview"],
    },
  },
  {
    types: ["azurerm_mssql_server_security_alert_policy"],
    attribute: "state",
    judge: judge.oneOf("Enabled"),
    whenMissing: "safe",
    problem: "turns threat detection off",
    fixValue: '"Enabled"',
  },
);
