import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const cognitiveAccountWithoutCustomerManagedKey: ProjectRule<TerraformSummary> = {
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
      "An `azurerm_cognitive_account` has no `customer_managed_key` block, and no `azurerm_cognitive_account_customer_managed_key` names it anywhere in its module.",
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
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "cognitive-account-customer-managed-key")) {
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} encrypts data with a Microsoft-managed key`,
        at: locatedAt(resource),
      });
    }
  },
};
