import { judge, settingRule } from "../checks.ts";

export const aksWithoutDiskEncryptionSet = settingRule(
  {
    id: "terraform/aks-without-disk-encryption-set",
    analyzer: "terraform",
    title: "AKS node disks without a customer-managed key",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [320],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An `azurerm_kubernetes_cluster` has no `disk_encryption_set_id`, so node OS and data disks use platform-managed keys.",
      whyItMatters:
        "You cannot revoke or audit the key protecting node disks, which hold container images, logs and secrets mounted from volumes.",
      remediation:
        "Create an `azurerm_disk_encryption_set` backed by a Key Vault key and set `disk_encryption_set_id` (at creation).",
      example:
        'resource "azurerm_kubernetes_cluster" "main" {\n  disk_encryption_set_id = azurerm_disk_encryption_set.aks.id\n}',
      references: ["https://learn.microsoft.com/azure/aks/azure-disk-customer-managed-keys"],
    },
  },
  {
    types: ["azurerm_kubernetes_cluster"],
    attribute: "disk_encryption_set_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "encrypts node disks with platform-managed keys",
  },
);
