import { judge, settingRule } from "../checks.ts";

export const azureApplicationGatewayWafDisabled = settingRule(
  {
    id: "terraform/azure-application-gateway-waf-disabled",
    analyzer: "terraform",
    title: "Application Gateway web application firewall turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-NET-05"],
    docs: {
      summary: "An `azurerm_application_gateway` sets `waf_configuration { enabled = false }`.",
      whyItMatters:
        "Requests reach the backends without OWASP rule inspection; injection and scanning traffic is neither blocked nor logged by the gateway.",
      remediation:
        'Set `waf_configuration { enabled = true; firewall_mode = "Prevention" }` or attach a `firewall_policy_id`.',
      example:
        'resource "azurerm_application_gateway" "web" {\n  waf_configuration {\n    enabled          = true\n    firewall_mode    = "Prevention"\n    rule_set_version = "3.2"\n  }\n}',
      references: ["https://learn.microsoft.com/azure/web-application-firewall/ag/ag-overview"],
    },
  },
  {
    types: ["azurerm_application_gateway"],
    path: ["waf_configuration"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns its web application firewall off",
    fixValue: "true",
  },
);
