import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureSqlServerWithoutThreatDetection: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-sql-server-without-threat-detection",
  analyzer: "terraform",
  title: "Azure SQL server without threat detection",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      'An `azurerm_mssql_server` (or legacy `azurerm_sql_server`) has no `azurerm_mssql_server_security_alert_policy` with `state = "Enabled"` whose `server_name` names it anywhere in its module, and no enabled inline `threat_detection_policy`.',
    whyItMatters:
      "Advanced threat protection alerts on SQL injection, logins from unusual places and brute force against the server; without an alert policy those attempts go unnoticed.",
    remediation:
      'Add an `azurerm_mssql_server_security_alert_policy` with `server_name = azurerm_mssql_server.<name>.name`, `state = "Enabled"` and `email_account_admins = true` (or Microsoft Defender for SQL at subscription level, then suppress). A server handed to a module call, or named through a variable, is not reported.',
    example:
      'resource "azurerm_mssql_server_security_alert_policy" "main" {\n  resource_group_name  = azurerm_resource_group.main.name\n  server_name          = azurerm_mssql_server.main.name\n  state                = "Enabled"\n  email_account_admins = true\n}',
    references: ["https://learn.microsoft.com/azure/azure-sql/database/threat-detection-overview"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-sql-threat-detection")) {
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} has no enabled threat detection policy`,
        at: locatedAt(resource),
      });
    }
  },
};
