import { judge, settingRule } from "../checks.ts";

export const cognitiveAccountLocalAuthEnabled = settingRule(
  {
    id: "terraform/cognitive-account-local-auth-enabled",
    analyzer: "terraform",
    title: "Cognitive Services / Azure OpenAI account accepts API keys",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary: "An `azurerm_cognitive_account` leaves `local_auth_enabled` unset (default true) or true.",
      whyItMatters:
        "API keys are shared secrets without identity or expiry; they leak into code and front ends and let anyone call the service.",
      remediation:
        "Set `local_auth_enabled = false` and call the service with Entra ID tokens (managed identities).",
      example: 'resource "azurerm_cognitive_account" "ai" {\n  local_auth_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/ai-services/disable-local-auth"],
    },
  },
  {
    types: ["azurerm_cognitive_account"],
    attribute: "local_auth_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts API keys",
    fixValue: "false",
  },
);
