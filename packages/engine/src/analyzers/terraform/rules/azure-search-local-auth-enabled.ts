import { judge, settingRule } from "../checks.ts";

export const azureSearchLocalAuthEnabled = settingRule(
  {
    id: "terraform/azure-search-local-auth-enabled",
    analyzer: "terraform",
    title: "Azure AI Search service accepts API keys",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_search_service` leaves `local_authentication_enabled` unset (default true) or true.",
      whyItMatters:
        "Admin and query API keys are shared secrets without identity or expiry; a leaked admin key can rewrite or delete every index.",
      remediation:
        "Set `local_authentication_enabled = false` and use Entra ID roles (Search Index Data Reader, …).",
      example: 'resource "azurerm_search_service" "docs" {\n  local_authentication_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/search/search-security-enable-roles"],
    },
  },
  {
    types: ["azurerm_search_service"],
    attribute: "local_authentication_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts API keys",
    fixValue: "false",
  },
);
