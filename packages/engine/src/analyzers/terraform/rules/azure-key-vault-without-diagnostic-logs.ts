import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureKeyVaultWithoutDiagnosticLogs: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-key-vault-without-diagnostic-logs",
  analyzer: "terraform",
  title: "Azure Key Vault without diagnostic logs",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `azurerm_key_vault` has no `azurerm_monitor_diagnostic_setting` with a log category whose `target_resource_id` names it anywhere in its module.",
    whyItMatters:
      "Key Vault records who read which secret, key or certificate only in its `AuditEvent` log, and keeps it nowhere unless a diagnostic setting sends it to a workspace, storage account or event hub: without it a leaked identity's reads leave no trace.",
    remediation:
      'Add an `azurerm_monitor_diagnostic_setting` with `target_resource_id = azurerm_key_vault.<name>.id` and an `enabled_log { category_group = "audit" }` (or `category = "AuditEvent"`). A vault handed to a module call, or named through a variable or a literal ID, is not reported.',
    example:
      'resource "azurerm_monitor_diagnostic_setting" "vault" {\n  name                       = "vault-audit"\n  target_resource_id         = azurerm_key_vault.main.id\n  log_analytics_workspace_id = azurerm_log_analytics_workspace.main.id\n  enabled_log {\n    category_group = "audit"\n  }\n}',
    references: ["https://learn.microsoft.com/azure/key-vault/general/logging"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-diagnostic-settings")) {
      if (resource.type !== "azurerm_key_vault") continue;
      ctx.report({
        path,
        message: `azurerm_key_vault.${resource.name} sends its audit log nowhere (no diagnostic setting with logs)`,
        at: locatedAt(resource),
      });
    }
  },
};
