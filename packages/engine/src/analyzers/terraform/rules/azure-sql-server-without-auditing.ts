import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureSqlServerWithoutAuditing: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-sql-server-without-auditing",
  analyzer: "terraform",
  title: "Azure SQL server without auditing",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `azurerm_mssql_server` (or legacy `azurerm_sql_server`) has no `azurerm_mssql_server_extended_auditing_policy` naming it anywhere in its module, and no inline `extended_auditing_policy` block; a policy with `enabled = false` does not count.",
    whyItMatters:
      "SQL auditing is off by default: without a server policy no database of the server records logins, permission changes or the queries that read data, so a breach cannot be scoped.",
    remediation:
      "Add an `azurerm_mssql_server_extended_auditing_policy` with `server_id = azurerm_mssql_server.<name>.id`, sending to Log Analytics or a storage account with `retention_in_days` of 90 or more (a shorter retention is reported on the policy by `azure-sql-short-audit-retention`). A server handed to a module call, or named through a variable or a literal ID, is not reported.",
    example:
      'resource "azurerm_mssql_server_extended_auditing_policy" "main" {\n  server_id              = azurerm_mssql_server.main.id\n  log_monitoring_enabled = true\n  retention_in_days      = 90\n}',
    references: ["https://learn.microsoft.com/azure/azure-sql/database/auditing-overview"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-sql-auditing")) {
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} has no server auditing policy`,
        at: locatedAt(resource),
      });
    }
  },
};
