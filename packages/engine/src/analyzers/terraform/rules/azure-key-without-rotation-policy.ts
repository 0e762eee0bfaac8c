import { judge, settingRule } from "../checks.ts";

export const azureKeyWithoutRotationPolicy = settingRule(
  {
    id: "terraform/azure-key-without-rotation-policy",
    analyzer: "terraform",
    title: "Azure Key Vault key without a rotation policy",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [320],
    controls: ["IAC-KMS-01"],
    docs: {
      summary: "An `azurerm_key_vault_key` has no `rotation_policy` block with `automatic { \u2026 }`.",
      whyItMatters: "Keys that never rotate keep protecting new data long after they may have been exposed.",
      remediation:
        'Add `rotation_policy { automatic { time_before_expiry = "P30D" } expire_after = "P1Y" }`.',
      example:
        'resource "azurerm_key_vault_key" "data" {\n  rotation_policy {\n    automatic {\n      time_before_expiry = "P30D"\n    }\n    expire_after = "P1Y"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/key-vault/keys/how-to-configure-key-rotation"],
    },
  },
  {
    types: ["azurerm_key_vault_key"],
    path: ["rotation_policy"],
    attribute: "expire_after",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "has no automatic rotation policy",
  },
);
