import { judge, settingRule } from "../checks.ts";

export const azureKeyVaultSecretWithoutContentType = settingRule(
  {
    id: "terraform/azure-key-vault-secret-without-content-type",
    analyzer: "terraform",
    title: "Azure Key Vault secret without a content type",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [1059],
    controls: [],
    docs: {
      summary: "An `azurerm_key_vault_secret` has no `content_type`.",
      whyItMatters:
        "Without a content type (password, connection string, certificate), rotation and review cannot tell what a secret is or how to replace it; unknown secrets are the ones that never get rotated.",
      remediation: 'Set `content_type` to what the secret holds (e.g. `"password"`, `"connection-string"`).',
      example: 'resource "azurerm_key_vault_secret" "db" {\n  content_type = "password"\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/secrets/about-secrets"],
    },
  },
  {
    types: ["azurerm_key_vault_secret"],
    attribute: "content_type",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not say what it holds (no content_type)",
  },
);
