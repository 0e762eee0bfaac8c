import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureWafDetectionOnly = aliasedSettingRule(
  {
    id: "terraform/azure-waf-detection-only",
    analyzer: "terraform",
    title: "Azure web application firewall only detects attacks",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-NET-05"],
    docs: {
      summary:
        'An `azurerm_web_application_firewall_policy` (`policy_settings`), `azurerm_frontdoor_firewall_policy` or `azurerm_cdn_frontdoor_firewall_policy` sets `mode = "Detection"`.',
      whyItMatters:
        "Matching requests are logged but still forwarded: injection and exploitation attempts reach the application.",
      remediation: 'Set `mode = "Prevention"` once the rules have been tuned on detection logs.',
      example:
        'resource "azurerm_web_application_firewall_policy" "web" {\n  policy_settings {\n    enabled = true\n    mode    = "Prevention"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/web-application-firewall/ag/ag-overview#waf-modes"],
    },
  },
  [
    {
      types: ["azurerm_web_application_firewall_policy"],
      path: ["policy_settings"],
      attribute: "mode",
      aliases: [],
      judge: judge.noneOf("Detection"),
      whenMissing: "safe",
      problem: "only detects attacks (Detection mode)",
      fixValue: '"Prevention"',
    },
    {
      types: ["azurerm_frontdoor_firewall_policy", "azurerm_cdn_frontdoor_firewall_policy"],
      attribute: "mode",
      aliases: [],
      judge: judge.noneOf("Detection"),
      whenMissing: "safe",
      problem: "only detects attacks (Detection mode)",
      fixValue: '"Prevention"',
    },
  ],
);
