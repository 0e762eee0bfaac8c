import { judge, nested, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const cognitiveAccountPublicNetworkAccess = settingRule(
  {
    id: "terraform/cognitive-account-public-network-access",
    analyzer: "terraform",
    title: "Cognitive Services / Azure OpenAI account reachable from public networks",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'An `azurerm_cognitive_account` leaves `public_network_access_enabled` unset (default true) or true and has no `network_acls { default_action = "Deny" }`.',
      whyItMatters:
        "The AI endpoint accepts calls from the internet; a leaked key lets anyone use (and bill) the models and read data sent to them.",
      remediation:
        'Set `public_network_access_enabled = false` with a private endpoint, or `network_acls { default_action = "Deny" }`.',
      example: 'resource "azurerm_cognitive_account" "ai" {\n  public_network_access_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/ai-services/cognitive-services-virtual-networks"],
    },
  },
  {
    types: ["azurerm_cognitive_account"],
    attribute: "public_network_access_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts calls from public networks",
    fixValue: "false",
    exempt: (model, resource) =>
      nested(resource, ["network_acls"])?.dynamic === true ||
      settingIsUnknownOr(
        model,
        nested(resource, ["network_acls"]),
        "default_action",
        (action) => action === "Deny",
      ),
  },
);
