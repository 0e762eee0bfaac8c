import { judge, settingRule } from "../checks.ts";

export const dataFactoryWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/data-factory-without-customer-managed-key",
    analyzer: "terraform",
    title: "Data Factory without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `azurerm_data_factory` has no `customer_managed_key_id`.",
      whyItMatters:
        "Linked-service credentials and pipeline definitions are encrypted with a Microsoft-managed key you cannot revoke or audit.",
      remediation:
        "Set `customer_managed_key_id` (with `customer_managed_key_identity_id`) when the factory is created.",
      example:
        'resource "azurerm_data_factory" "main" {\n  customer_managed_key_id          = azurerm_key_vault_key.adf.id\n  customer_managed_key_identity_id = azurerm_user_assigned_identity.adf.id\n}',
      references: ["https://learn.microsoft.com/azure/data-factory/enable-customer-managed-key"],
    },
  },
  {
    types: ["azurerm_data_factory"],
    attribute: "customer_managed_key_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts with a Microsoft-managed key",
  },
);
