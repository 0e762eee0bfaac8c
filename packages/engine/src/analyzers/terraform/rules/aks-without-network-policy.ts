import { judge, settingRule } from "../checks.ts";

export const aksWithoutNetworkPolicy = settingRule(
  {
    id: "terraform/aks-without-network-policy",
    analyzer: "terraform",
    title: "AKS cluster without a network policy engine",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `azurerm_kubernetes_cluster` has no `network_profile { network_policy = \u2026 }`.",
      whyItMatters:
        "Without a policy engine every pod can reach every other pod; Kubernetes NetworkPolicy objects are silently ignored.",
      remediation:
        'Set `network_profile { network_plugin = "azure"; network_policy = "azure" }` (or `calico`, `cilium`).',
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  network_profile {\n    network_plugin = "azure"\n    network_policy = "azure"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/aks/use-network-policies"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    path: ["network_profile"],
    attribute: "network_policy",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not enforce network policies",
  },
);
