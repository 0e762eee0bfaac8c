import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureSqlWithoutEntraAdmin: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-sql-without-entra-admin",
  analyzer: "terraform",
  title: "Azure SQL server without a Microsoft Entra administrator",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [287],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "An `azurerm_mssql_server` (or legacy `azurerm_sql_server`) has no `azuread_administrator` block and no `azurerm_sql_active_directory_administrator` names it anywhere in its module, so only SQL logins authenticate.",
    whyItMatters:
      "SQL logins are passwords stored in the server, outside central identity: no MFA, no conditional access, no automatic removal when people leave.",
    remediation:
      "Add `azuread_administrator { login_username = …, object_id = … }` naming an Entra group, and consider `azuread_authentication_only = true`.",
    example:
      'resource "azurerm_mssql_server" "main" {\n  azuread_administrator {\n    login_username = "sql-admins"\n    object_id      = var.sql_admins_group_id\n  }\n}',
    references: ["https://learn.microsoft.com/azure/azure-sql/database/authentication-aad-overview"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-sql-entra-admin")) {
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} has no Microsoft Entra administrator`,
        at: locatedAt(resource),
      });
    }
  },
};
