import { settingRule } from "../checks.ts";

export const azureSqlAlertPolicyWithoutEmailAddresses = settingRule(
  {
    id: "terraform/azure-sql-alert-policy-without-email-addresses",
    analyzer: "terraform",
    title: "Azure SQL threat detection alerts sent to no address",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `azurerm_mssql_server_security_alert_policy` has no `email_addresses`, or an empty list.",
      whyItMatters:
        "Alerts go to no security contact; detections sit in the portal until someone happens to look.",
      remediation: "Set `email_addresses` to the security team's mailbox.",
      example:
        'resource "azurerm_mssql_server_security_alert_policy" "main" {\n  email_addresses = ["security@example.com"]\n}',
      references: ["https://learn.microsoft.com/azure/azure-sql/database/threat-detection-configure"],
    },
  },
  {
    types: ["azurerm_mssql_server_security_alert_policy"],
    attribute: "email_addresses",
    judge: (value) => (!Array.isArray(value) ? "unknown" : value.length > 0 ? "safe" : "unsafe"),
    whenMissing: "unsafe",
    problem: "sends threat alerts to no address",
  },
);
