import { judge, settingRule } from "../checks.ts";

export const azureManagedDiskWithoutCustomerManagedKey = settingRule(
  {
    id: "terraform/azure-managed-disk-without-customer-managed-key",
    analyzer: "terraform",
    title: "Azure managed disk without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An `azurerm_managed_disk` has no `disk_encryption_set_id` (and no `secure_vm_disk_encryption_set_id`).",
      whyItMatters: "The disk is encrypted with a platform-managed key you cannot revoke or audit.",
      remediation:
        "Create an `azurerm_disk_encryption_set` backed by a Key Vault key and set `disk_encryption_set_id`.",
      example:
        'resource "azurerm_managed_disk" "data" {\n  disk_encryption_set_id = azurerm_disk_encryption_set.main.id\n}',
      references: [
        "https://learn.microsoft.com/azure/virtual-machines/disk-encryption#customer-managed-keys",
      ],
    },
  },
  {
    types: ["azurerm_managed_disk"],
    attribute: "disk_encryption_set_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "is encrypted with a platform-managed key",
    exempt: (_model, resource) => resource.attributes.has("secure_vm_disk_encryption_set_id"),
  },
);
