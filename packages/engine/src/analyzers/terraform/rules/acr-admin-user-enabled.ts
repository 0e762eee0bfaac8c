import { judge, settingRule } from "../checks.ts";

export const acrAdminUserEnabled = settingRule(
  {
    id: "terraform/acr-admin-user-enabled",
    analyzer: "terraform",
    title: "Azure Container Registry admin user enabled",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [798],
    controls: ["IAC-IAM-02"],
    docs: {
      summary: "An `azurerm_container_registry` sets `admin_enabled = true`.",
      whyItMatters:
        "The admin user is one shared username and password with push and pull rights on every repository; it ends up in CI variables and laptops and cannot be scoped or attributed.",
      remediation:
        "Set `admin_enabled = false` (the default) and use managed identities, service principals or repository-scoped tokens.",
      example: 'resource "azurerm_container_registry" "main" {\n  admin_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/container-registry/container-registry-authentication#admin-account",
      ],
    },
  },
  {
    types: ["azurerm_container_registry"],
    attribute: "admin_enabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "enables the shared admin user",
    fixValue: "false",
  },
);
