import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const aksRbacDisabled = aliasedSettingRule(
  {
    id: "terraform/aks-rbac-disabled",
    analyzer: "terraform",
    title: "AKS cluster without Kubernetes RBAC",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [285],
    controls: ["K8S-RBAC-01", "IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` sets `role_based_access_control_enabled = false` (azurerm 2.x: `role_based_access_control { enabled = false }`).",
      whyItMatters:
        "Without RBAC every authenticated user and service account can do anything in the cluster.",
      remediation:
        "Set `role_based_access_control_enabled = true` (the default; it forces a new cluster) and use Azure AD integration.",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  role_based_access_control_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/aks/concepts-identity"],
    },
  },
  [
    {
      types: ["azurerm_kubernetes_cluster"],
      attribute: "role_based_access_control_enabled",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "safe",
      problem: "disables Kubernetes RBAC",
      fixValue: "true",
    },
    // azurerm 2.x: role_based_access_control { enabled = false }
    {
      types: ["azurerm_kubernetes_cluster"],
      path: ["role_based_access_control"],
      attribute: "enabled",
      aliases: [],
      judge: judge.boolean(true),
      whenMissing: "safe",
      problem: "disables Kubernetes RBAC",
      fixValue: "true",
    },
  ],
);
