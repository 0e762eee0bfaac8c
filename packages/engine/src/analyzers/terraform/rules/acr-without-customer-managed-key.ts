import { setting } from "../checks.ts";
import { requiredBlockRule } from "../checks-extra.ts";

export const acrWithoutCustomerManagedKey = requiredBlockRule(
  {
    id: "terraform/acr-without-customer-managed-key",
    analyzer: "terraform",
    title: "Premium Azure Container Registry without a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        'An `azurerm_container_registry` with `sku = "Premium"` (the only SKU that supports it) has no `encryption` block with a Key Vault key.',
      whyItMatters: "Images are encrypted with a Microsoft-managed key you cannot revoke or audit.",
      remediation:
        "Add `encryption { key_vault_key_id = …, identity_client_id = … }` with a user-assigned identity that can read the key.",
      example:
        'resource "azurerm_container_registry" "main" {\n  sku = "Premium"\n  encryption {\n    key_vault_key_id   = azurerm_key_vault_key.acr.id\n    identity_client_id = azurerm_user_assigned_identity.acr.client_id\n  }\n}',
      references: [
        "https://learn.microsoft.com/azure/container-registry/tutorial-enable-customer-managed-keys",
      ],
    },
  },
  {
    types: ["azurerm_container_registry"],
    path: ["encryption"],
    problem: "encrypts images with a Microsoft-managed key",
    exempt: (model, resource) => {
      const sku = setting(model, resource, "sku");
      return sku.state !== "known" || sku.value !== "Premium";
    },
  },
);
