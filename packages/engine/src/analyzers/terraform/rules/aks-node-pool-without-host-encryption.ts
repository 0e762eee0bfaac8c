import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const aksNodePoolWithoutHostEncryption = aliasedSettingRule(
  {
    id: "terraform/aks-node-pool-without-host-encryption",
    analyzer: "terraform",
    title: "AKS node pool without encryption at host",
    severity: "low",
    confidence: "high",
    lifecycle: "preview",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An AKS `default_node_pool` or `azurerm_kubernetes_cluster_node_pool` leaves `host_encryption_enabled` (azurerm 3.x: `enable_host_encryption`) unset or false.",
      whyItMatters:
        "Temporary disks and OS disk caches on the VM host are not encrypted; data written there by pods is stored in clear.",
      remediation:
        "Set `host_encryption_enabled = true` (the subscription must have the EncryptionAtHost feature registered).",
      example:
        'resource "azurerm_kubernetes_cluster_node_pool" "work" {\n  host_encryption_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/aks/enable-host-encryption"],
    },
  },
  [
    {
      types: ["azurerm_kubernetes_cluster_node_pool"],
      attribute: "host_encryption_enabled",
      aliases: ["enable_host_encryption"],
      judge: judge.boolean(true),
      whenMissing: "unsafe",
      problem: "does not encrypt node host caches and temporary disks",
    },
    {
      types: ["azurerm_kubernetes_cluster"],
      path: ["default_node_pool"],
      attribute: "host_encryption_enabled",
      aliases: ["enable_host_encryption"],
      judge: judge.boolean(true),
      whenMissing: "unsafe",
      problem: "does not encrypt node host caches and temporary disks",
    },
  ],
);
