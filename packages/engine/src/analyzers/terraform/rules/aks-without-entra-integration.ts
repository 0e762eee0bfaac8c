import { nested } from "../checks.ts";
import { requiredBlockRule } from "../checks-extra.ts";

export const aksWithoutEntraIntegration = requiredBlockRule(
  {
    id: "terraform/aks-without-entra-integration",
    analyzer: "terraform",
    title: "AKS cluster without Microsoft Entra ID integration",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02", "K8S-RBAC-01"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` has no `azure_active_directory_role_based_access_control` block, so users authenticate with cluster certificates instead of Entra ID.",
      whyItMatters:
        "Access is not tied to corporate identities: no MFA or conditional access, no group-based RBAC, and leavers keep working kubeconfigs.",
      remediation:
        "Add `azure_active_directory_role_based_access_control { azure_rbac_enabled = true, admin_group_object_ids = [...] }`.",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  azure_active_directory_role_based_access_control {\n    azure_rbac_enabled     = true\n    admin_group_object_ids = [var.aks_admins]\n  }\n}',
      references: ["https://learn.microsoft.com/azure/aks/enable-authentication-microsoft-entra-id"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    path: ["azure_active_directory_role_based_access_control"],
    problem: "does not authenticate users with Microsoft Entra ID",
    exempt: (_model, resource) =>
      nested(resource, ["role_based_access_control", "azure_active_directory"]) !== undefined,
  },
);
