import { declaresResource, requiredBlockRule } from "../checks-extra.ts";

// The companion resource may configure this account; declared in the file, it silences the rule.
const declaresKey = declaresResource("azurerm_cognitive_account_customer_managed_key");

export const cognitiveAccountWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/cognitive-account-without-customer-managed-key",
    analyzer: "terraform",
    title: "Cognitive Services / Azure OpenAI account without a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `azurerm_cognitive_account` has no `customer_managed_key` block (and the file declares no `azurerm_cognitive_account_customer_managed_key`).",
      whyItMatters:
        "Stored data (fine-tuning files, indexes) is encrypted with a Microsoft-managed key you cannot revoke or audit.",
      remediation:
        "Add `customer_managed_key { key_vault_key_id = … }` or an `azurerm_cognitive_account_customer_managed_key`.",
      example:
        'resource "azurerm_cognitive_account" "ai" {\n  customer_managed_key {\n    key_vault_key_id   = azurerm_key_vault_key.ai.id\n    identity_client_id = azurerm_user_assigned_identity.ai.client_id\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/ai-services/encryption/cognitive-services-encryption-keys-portal",
      ],
    },
  },
  {
    types: ["azurerm_cognitive_account"],
    path: ["customer_managed_key"],
    problem: "encrypts data with a Microsoft-managed key",
    exempt: (model) => declaresKey(model),
  },
);
