import { judge, settingRule } from "../checks.ts";

export const appServiceWithoutManagedIdentity = settingRule(
  {
    id: "terraform/app-service-without-managed-identity",
    analyzer: "terraform",
    title: "App Service or Function App without a managed identity",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    controls: ["IAC-IAM-02", "SEC-HC-01"],
    docs: {
      summary: "An App Service or Function App has no `identity` block.",
      whyItMatters:
        "Without a managed identity the app reaches databases, storage and Key Vault with connection strings and keys stored in its settings, which leak and are rarely rotated.",
      remediation:
        'Add `identity { type = "SystemAssigned" }` and grant it access instead of storing secrets.',
      example: 'resource "azurerm_linux_web_app" "api" {\n  identity {\n    type = "SystemAssigned"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/app-service/overview-managed-identity"],
    },
  },
  {
    types: [
      "azurerm_app_service",
      "azurerm_linux_web_app",
      "azurerm_windows_web_app",
      "azurerm_function_app",
      "azurerm_linux_function_app",
      "azurerm_windows_function_app",
    ],
    path: ["identity"],
    attribute: "type",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "has no managed identity",
  },
);
