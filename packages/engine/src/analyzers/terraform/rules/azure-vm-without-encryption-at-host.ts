import { judge, settingRule } from "../checks.ts";

export const azureVmWithoutEncryptionAtHost = settingRule(
  {
    id: "terraform/azure-vm-without-encryption-at-host",
    analyzer: "terraform",
    title: "Azure VM without encryption at host",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An Azure Linux or Windows virtual machine (or scale set) leaves `encryption_at_host_enabled` unset (default false) or false.",
      whyItMatters:
        "Temporary disks and disk caches on the host are not encrypted; data paged or cached there is stored in clear.",
      remediation:
        "Set `encryption_at_host_enabled = true` (register the EncryptionAtHost feature on the subscription).",
      example: 'resource "azurerm_linux_virtual_machine" "vm" {\n  encryption_at_host_enabled = true\n}',
      references: [
        "https://learn.microsoft.com/azure/virtual-machines/disk-encryption#encryption-at-host---end-to-end-encryption-for-your-vm-data",
      ],
    },
  },
  {
    types: [
      "azurerm_linux_virtual_machine",
      "azurerm_windows_virtual_machine",
      "azurerm_linux_virtual_machine_scale_set",
      "azurerm_windows_virtual_machine_scale_set",
    ],
    attribute: "encryption_at_host_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt host caches and temporary disks",
    fixValue: "true",
  },
);
