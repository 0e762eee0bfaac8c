import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureResourceWithoutDiagnosticLogs: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-resource-without-diagnostic-logs",
  analyzer: "terraform",
  title: "Azure resource without diagnostic logs",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An Azure SQL server or database, storage account, network security group, App Service or Function app, AKS cluster, application gateway, firewall, container registry, Cosmos DB account, Event Hubs or Service Bus namespace or API Management service has no `azurerm_monitor_diagnostic_setting` with a log category whose `target_resource_id` names it anywhere in its module (Key Vaults have a rule of their own).",
    whyItMatters:
      "These services keep their resource logs (access, audit, firewall and gateway decisions, control-plane calls) only when a diagnostic setting sends them somewhere; without one an incident has nothing to investigate.",
    remediation:
      "Add an `azurerm_monitor_diagnostic_setting` with `target_resource_id = <resource>.id` (for a storage account, also its `/blobServices/default` and the other services) and at least one `enabled_log`. A resource handed to a module call, or named through a variable or a literal ID, is not reported.",
    example:
      'resource "azurerm_monitor_diagnostic_setting" "nsg" {\n  name                       = "nsg-logs"\n  target_resource_id         = azurerm_network_security_group.web.id\n  log_analytics_workspace_id = azurerm_log_analytics_workspace.main.id\n  enabled_log {\n    category_group = "allLogs"\n  }\n}',
    references: ["https://learn.microsoft.com/azure/azure-monitor/essentials/diagnostic-settings"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-diagnostic-settings")) {
      if (resource.type === "azurerm_key_vault") continue;
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} sends its resource logs nowhere (no diagnostic setting with logs)`,
        at: locatedAt(resource),
      });
    }
  },
};
