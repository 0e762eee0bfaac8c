import { judge, settingRule } from "../checks.ts";

export const azureKeyVaultSecretWithoutExpiration = settingRule(
  {
    id: "terraform/azure-key-vault-secret-without-expiration",
    analyzer: "terraform",
    title: "Azure Key Vault secret without an expiration date",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [262],
    controls: ["IAC-KMS-03"],
    docs: {
      summary: "An `azurerm_key_vault_secret` has no `expiration_date`.",
      whyItMatters:
        "A secret that never expires is never forced through rotation; a leaked value stays valid for as long as nobody notices.",
      remediation:
        "Set `expiration_date` (RFC 3339) and rotate the secret before it expires, e.g. with Event Grid near-expiry events.",
      example: 'resource "azurerm_key_vault_secret" "db" {\n  expiration_date = "2026-12-31T00:00:00Z"\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/secrets/tutorial-rotation"],
    },
  },
  {
    types: ["azurerm_key_vault_secret"],
    attribute: "expiration_date",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "never expires",
  },
);
