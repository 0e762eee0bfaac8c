import { judge, settingRule } from "../checks.ts";

export const azureDefenderFreeTier = settingRule(
  {
    id: "terraform/azure-defender-free-tier",
    analyzer: "terraform",
    title: "Microsoft Defender for Cloud plan on the free tier",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'An `azurerm_security_center_subscription_pricing` sets `tier = "Free"`.',
      whyItMatters:
        "The free tier only assesses posture; threat detection for the resource type (VMs, SQL, storage, containers, Key Vault) is off.",
      remediation: 'Set `tier = "Standard"` for the resource types you run.',
      example:
        'resource "azurerm_security_center_subscription_pricing" "vms" {\n  tier          = "Standard"\n  resource_type = "VirtualMachines"\n}',
      references: ["https://learn.microsoft.com/azure/defender-for-cloud/enable-enhanced-security"],
    },
  },
  {
    types: ["azurerm_security_center_subscription_pricing"],
    attribute: "tier",
    judge: judge.oneOf("Standard"),
    whenMissing: "safe",
    problem: "leaves threat detection off (Free tier)",
    fixValue: '"Standard"',
  },
);
