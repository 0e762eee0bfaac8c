import { judge, settingRule } from "../checks.ts";

export const azureManagedDiskEncryptionDisabled = settingRule(
  {
    id: "terraform/azure-managed-disk-encryption-disabled",
    analyzer: "terraform",
    title: "Azure managed disk with Azure Disk Encryption turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "An `azurerm_managed_disk` has an `encryption_settings` block with `enabled = false`.",
      whyItMatters:
        "The disk is explicitly left without guest-level encryption; its data is readable by anyone who obtains a copy (snapshot, export).",
      remediation:
        "Remove the block, or set `enabled = true` with a disk encryption key in Key Vault; prefer a disk encryption set.",
      example:
        'resource "azurerm_managed_disk" "data" {\n  disk_encryption_set_id = azurerm_disk_encryption_set.main.id\n}',
      references: ["https://learn.microsoft.com/azure/virtual-machines/disk-encryption-overview"],
    },
  },
  {
    types: ["azurerm_managed_disk"],
    path: ["encryption_settings"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns disk encryption off",
    fixValue: "true",
  },
);
