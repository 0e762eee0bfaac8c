import { judge, settingRule } from "../checks.ts";

export const azureSqlAlertPolicyWithoutAdminEmails = settingRule(
  {
    id: "terraform/azure-sql-alert-policy-without-admin-emails",
    analyzer: "terraform",
    title: "Azure SQL threat detection alerts not sent to administrators",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_mssql_server_security_alert_policy` sets `email_account_admins = false` (the default) or leaves it unset.",
      whyItMatters:
        "Detected threats are recorded but nobody responsible for the server is told; an attack in progress goes unanswered.",
      remediation: "Set `email_account_admins = true` and list the security team in `email_addresses`.",
      example:
        'resource "azurerm_mssql_server_security_alert_policy" "main" {\n  email_account_admins = true\n  email_addresses      = ["security@example.com"]\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/threat-detection-configure"],
    },
  },
  {
    types: ["azurerm_mssql_server_security_alert_policy"],
    attribute: "email_account_admins",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not email administrators about threats",
    fixValue: "true",
  },
);
