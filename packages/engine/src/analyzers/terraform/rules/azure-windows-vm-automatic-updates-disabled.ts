import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureWindowsVmAutomaticUpdatesDisabled = aliasedSettingRule(
  {
    id: "terraform/azure-windows-vm-automatic-updates-disabled",
    analyzer: "terraform",
    title: "Azure Windows VM with automatic updates turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "An `azurerm_windows_virtual_machine` or scale set sets `automatic_updates_enabled` (azurerm 3.x: `enable_automatic_updates`) to false.",
      whyItMatters:
        "Security patches are not installed unless someone does it by hand; known vulnerabilities stay exploitable.",
      remediation:
        "Set `automatic_updates_enabled = true` (the default) or manage patching with Azure Update Manager.",
      example: 'resource "azurerm_windows_virtual_machine" "vm" {\n  automatic_updates_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/virtual-machines/automatic-vm-guest-patching"],
    },
  },
  {
    types: ["azurerm_windows_virtual_machine", "azurerm_windows_virtual_machine_scale_set"],
    attribute: "automatic_updates_enabled",
    aliases: ["enable_automatic_updates"],
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns automatic updates off",
    fixValue: "true",
  },
);
