import { judge, settingRule } from "../checks.ts";

export const azureDatabaseThreatDetectionDisabled = settingRule(
  {
    id: "terraform/azure-database-threat-detection-disabled",
    analyzer: "terraform",
    title: "Azure database server without threat detection",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_postgresql_server`, `azurerm_mysql_server` or `azurerm_mariadb_server` has no `threat_detection_policy { enabled = true }`.",
      whyItMatters:
        "SQL injection, brute force and access from unusual locations are not detected or reported.",
      remediation:
        "Add `threat_detection_policy { enabled = true; email_account_admins = true }` (or enable Defender for open-source databases).",
      example:
        'resource "azurerm_postgresql_server" "db" {\n  threat_detection_policy {\n    enabled              = true\n    email_account_admins = true\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/defender-for-cloud/defender-for-databases-introduction",
      ],
    },
  },
  {
    types: ["azurerm_postgresql_server", "azurerm_mysql_server", "azurerm_mariadb_server"],
    path: ["threat_detection_policy"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not detect threats",
    fixValue: "true",
  },
);
