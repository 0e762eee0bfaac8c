import { judge, settingRule } from "../checks.ts";

export const azureFlowLogDisabled = settingRule(
  {
    id: "terraform/azure-flow-log-disabled",
    analyzer: "terraform",
    title: "Azure NSG flow log turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-02"],
    docs: {
      summary: "An `azurerm_network_watcher_flow_log` sets `enabled = false`.",
      whyItMatters:
        "Traffic through the network security group is not recorded, so incidents cannot be reconstructed.",
      remediation: "Set `enabled = true` with a `retention_policy` of 90 days or more.",
      example:
        'resource "azurerm_network_watcher_flow_log" "nsg" {\n  enabled = true\n  retention_policy {\n    enabled = true\n    days    = 90\n  }\n}',
      references: ["https://learn.microsoft.com/azure/network-watcher/nsg-flow-logs-overview"],
    },
  },
  {
    types: ["azurerm_network_watcher_flow_log"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "is turned off",
    fixValue: "true",
  },
);
