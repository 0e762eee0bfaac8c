import { judge, settingRule } from "../checks.ts";

export const aksLocalAccountsEnabled = settingRule(
  {
    id: "terraform/aks-local-accounts-enabled",
    analyzer: "terraform",
    title: "AKS cluster keeps local Kubernetes accounts",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02", "K8S-RBAC-02"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` leaves `local_account_disabled` unset (default false) or false, so the static `clusterAdmin` credential can be downloaded.",
      whyItMatters:
        "The local admin kubeconfig bypasses Entra ID: it is not tied to a person, cannot be revoked short of rotating the cluster certificates, and grants cluster-admin.",
      remediation:
        "Set `local_account_disabled = true` with `azure_active_directory_role_based_access_control { azure_rbac_enabled = true }`.",
      example: 'resource "azurerm_kubernetes_cluster" "main" {\n  local_account_disabled = true\n}',
      references: ["https://learn.microsoft.com/azure/aks/manage-local-accounts-managed-azure-ad"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    attribute: "local_account_disabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "keeps local Kubernetes admin accounts",
    fixValue: "true",
  },
);
