import { judge, settingRule } from "../checks.ts";

export const aksWithoutAzurePolicy = settingRule(
  {
    id: "terraform/aks-without-azure-policy",
    analyzer: "terraform",
    title: "AKS cluster without the Azure Policy add-on",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [693],
    controls: ["K8S-POD-01"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` leaves `azure_policy_enabled` unset (default false) or false.",
      whyItMatters:
        "Nothing in the cluster enforces pod security baselines (no privileged pods, no host paths); one bad manifest deploys as written.",
      remediation:
        "Set `azure_policy_enabled = true` and assign the Kubernetes pod security baseline initiative.",
      example: 'resource "azurerm_kubernetes_cluster" "main" {\n  azure_policy_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/aks/use-azure-policy"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    attribute: "azure_policy_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enforce Azure Policy in the cluster",
    fixValue: "true",
  },
);
