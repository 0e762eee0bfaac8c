import { judge, settingRule } from "../checks.ts";

export const azureSecurityContactAdminsNotAlerted = settingRule(
  {
    id: "terraform/azure-security-contact-admins-not-alerted",
    analyzer: "terraform",
    title: "Defender for Cloud alerts not sent to subscription owners",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `azurerm_security_center_contact` sets `alerts_to_admins = false`.",
      whyItMatters:
        "Subscription owners, who can act on an incident, are not told about high-severity alerts.",
      remediation: "Set `alerts_to_admins = true`.",
      example: 'resource "azurerm_security_center_contact" "main" {\n  alerts_to_admins = true\n}',
      references: ["https://learn.microsoft.com/azure/defender-for-cloud/configure-email-notifications"],
    },
  },
  {
    types: ["azurerm_security_center_contact"],
    attribute: "alerts_to_admins",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "does not alert subscription owners",
    fixValue: "true",
  },
);
