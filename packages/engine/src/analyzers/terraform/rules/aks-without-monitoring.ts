import { children, nested } from "../checks.ts";
import { requiredBlockRule, settingIsUnknownOr } from "../checks-extra.ts";

export const aksWithoutMonitoring = requiredBlockRule(
  {
    id: "terraform/aks-without-monitoring",
    analyzer: "terraform",
    title: "AKS cluster without Container Insights monitoring",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` has no `oms_agent` block (and no `monitor_metrics`), so container logs and metrics are not collected.",
      whyItMatters:
        "Container logs, node events and resource usage are not kept outside the cluster; an incident or a compromised node leaves nothing to investigate.",
      remediation:
        "Add `oms_agent { log_analytics_workspace_id = azurerm_log_analytics_workspace.main.id }`.",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  oms_agent {\n    log_analytics_workspace_id = azurerm_log_analytics_workspace.main.id\n  }\n}',
      references: ["https://learn.microsoft.com/azure/azure-monitor/containers/container-insights-overview"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    path: ["oms_agent"],
    problem: "does not collect container logs (no oms_agent)",
    exempt: (model, resource) =>
      children(resource, "monitor_metrics").length > 0 ||
      settingIsUnknownOr(
        model,
        nested(resource, ["addon_profile", "oms_agent"]),
        "enabled",
        (on) => on === true,
      ),
  },
);
