import { judge, nested, settingRule } from "../checks.ts";

export const aksSecretsProviderWithoutRotation = settingRule(
  {
    id: "terraform/aks-secrets-provider-without-rotation",
    analyzer: "terraform",
    title: "AKS Key Vault secrets provider without rotation",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [324],
    controls: ["IAC-KMS-01"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` has a `key_vault_secrets_provider` block whose `secret_rotation_enabled` is unset (default false) or false.",
      whyItMatters:
        "Pods keep the secret values they mounted at start; a secret rotated in Key Vault (after a leak) stays in use in the cluster until every pod restarts.",
      remediation:
        "Set `key_vault_secrets_provider { secret_rotation_enabled = true }` (and a suitable `secret_rotation_interval`).",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  key_vault_secrets_provider {\n    secret_rotation_enabled = true\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/aks/csi-secrets-store-configuration-options#enable-and-disable-auto-rotation",
      ],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    path: ["key_vault_secrets_provider"],
    attribute: "secret_rotation_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not refresh rotated Key Vault secrets",
    fixValue: "true",
    exempt: (_model, resource) => nested(resource, ["key_vault_secrets_provider"]) === undefined,
  },
);
