import { judge, settingRule } from "../checks.ts";

export const azureVmExtensionsAllowed = settingRule(
  {
    id: "terraform/azure-vm-extensions-allowed",
    analyzer: "terraform",
    title: "Azure VM allows extension operations",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [250],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_linux_virtual_machine` or `azurerm_windows_virtual_machine` leaves `allow_extension_operations` unset (default true) or true.",
      whyItMatters:
        "Anyone with `Microsoft.Compute/virtualMachines/extensions/write` can run arbitrary code as root or SYSTEM on the VM through an extension (Custom Script, Run Command).",
      remediation: "Set `allow_extension_operations = false` on VMs that need no extensions.",
      example: 'resource "azurerm_linux_virtual_machine" "vm" {\n  allow_extension_operations = false\n}',
      references: ["https://learn.microsoft.com/azure/virtual-machines/extensions/overview"],
    },
  },
  {
    types: ["azurerm_linux_virtual_machine", "azurerm_windows_virtual_machine"],
    attribute: "allow_extension_operations",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "allows extension operations",
    fixValue: "false",
  },
);
