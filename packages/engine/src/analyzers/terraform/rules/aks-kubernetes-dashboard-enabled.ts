import { judge, settingRule } from "../checks.ts";

export const aksKubernetesDashboardEnabled = settingRule(
  {
    id: "terraform/aks-kubernetes-dashboard-enabled",
    analyzer: "terraform",
    title: "AKS cluster runs the Kubernetes dashboard",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["K8S-RBAC-02"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` (azurerm 2.x) sets `addon_profile { kube_dashboard { enabled = true } }`.",
      whyItMatters:
        "The dashboard add-on runs with broad cluster permissions and has been the entry point of cluster takeovers; AKS has retired it.",
      remediation:
        "Set `kube_dashboard { enabled = false }` (or remove it) and use the Azure portal or kubectl.",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  addon_profile {\n    kube_dashboard {\n      enabled = false\n    }\n  }\n}',
      references: ["https://learn.microsoft.com/azure/aks/kubernetes-dashboard"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    path: ["addon_profile", "kube_dashboard"],
    attribute: "enabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "runs the Kubernetes dashboard",
    fixValue: "false",
  },
);
