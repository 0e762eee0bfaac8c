import { judge, settingRule } from "../checks.ts";

export const azureStorageCrossTenantReplication = settingRule(
  {
    id: "terraform/azure-storage-cross-tenant-replication",
    analyzer: "terraform",
    title: "Azure storage account allows replication to other tenants",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [200],
    controls: ["IAC-NET-03"],
    docs: {
      summary: "An `azurerm_storage_account` sets `cross_tenant_replication_enabled = true`.",
      whyItMatters:
        "Object replication policies can copy the account's blobs into a storage account in another Microsoft Entra tenant, outside your control and monitoring.",
      remediation: "Set `cross_tenant_replication_enabled = false` (the azurerm 4 default).",
      example: 'resource "azurerm_storage_account" "data" {\n  cross_tenant_replication_enabled = false\n}',
      references: [
        "https://learn.microsoft.com/azure/storage/blobs/object-replication-prevent-cross-tenant-policies",
      ],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "cross_tenant_replication_enabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "allows object replication to other tenants",
    fixValue: "false",
  },
);
