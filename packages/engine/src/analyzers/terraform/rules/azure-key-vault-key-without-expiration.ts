import { judge, nested, settingRule } from "../checks.ts";

export const azureKeyVaultKeyWithoutExpiration = settingRule(
  {
    id: "terraform/azure-key-vault-key-without-expiration",
    analyzer: "terraform",
    title: "Azure Key Vault key without an expiration date",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [324],
    controls: ["IAC-KMS-01"],
    docs: {
      summary:
        "An `azurerm_key_vault_key` has no `expiration_date` and no `rotation_policy { expire_after = … }`.",
      whyItMatters:
        "A key that never expires can be used indefinitely; its rotation depends on someone remembering it.",
      remediation:
        "Set `expiration_date`, or a `rotation_policy` with `expire_after` and automatic rotation before expiry.",
      example:
        'resource "azurerm_key_vault_key" "data" {\n  rotation_policy {\n    expire_after = "P1Y"\n    automatic {\n      time_before_expiry = "P30D"\n    }\n  }\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/keys/how-to-configure-key-rotation"],
    },
  },
  {
    types: ["azurerm_key_vault_key"],
    attribute: "expiration_date",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "never expires",
    exempt: (_model, resource) =>
      nested(resource, ["rotation_policy"])?.attributes.has("expire_after") === true ||
      nested(resource, ["rotation_policy"])?.dynamic === true,
  },
);
