import { judge, settingRule } from "../checks.ts";

export const azureSecurityContactAlertsDisabled = settingRule(
  {
    id: "terraform/azure-security-contact-alerts-disabled",
    analyzer: "terraform",
    title: "Defender for Cloud security contact not notified of alerts",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `azurerm_security_center_contact` sets `alert_notifications = false`.",
      whyItMatters:
        "High-severity security alerts are not emailed to the security contact; an active attack can go unnoticed.",
      remediation: "Set `alert_notifications = true` (and `alerts_to_admins = true`).",
      example:
        'resource "azurerm_security_center_contact" "main" {\n  email               = "security@example.com"\n  alert_notifications = true\n  alerts_to_admins    = true\n}',
      references: ["https://learn.microsoft.com/azure/defender-for-cloud/configure-email-notifications"],
    },
  },
  {
    types: ["azurerm_security_center_contact"],
    attribute: "alert_notifications",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "does not send alert notifications",
    fixValue: "true",
  },
);
