import { judge, settingRule } from "../checks.ts";

export const azureRecoveryVaultLocallyRedundant = settingRule(
  {
    id: "terraform/azure-recovery-vault-locally-redundant",
    analyzer: "terraform",
    title: "Recovery Services vault keeps backups in one region",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        'An `azurerm_recovery_services_vault` sets `storage_mode_type` to `"LocallyRedundant"` or `"ZoneRedundant"`.',
      whyItMatters: "Backups are lost together with the region that holds them and the data they protect.",
      remediation:
        'Set `storage_mode_type = "GeoRedundant"` (the default) and `cross_region_restore_enabled = true`.',
      example:
        'resource "azurerm_recovery_services_vault" "backups" {\n  storage_mode_type            = "GeoRedundant"\n  cross_region_restore_enabled = true\n}',
      references: [
        "https://learn.microsoft.com/azure/backup/backup-create-recovery-services-vault#set-storage-redundancy",
      ],
    },
  },
  {
    types: ["azurerm_recovery_services_vault"],
    attribute: "storage_mode_type",
    judge: judge.noneOf("LocallyRedundant", "ZoneRedundant"),
    whenMissing: "safe",
    problem: "keeps its backups in one region",
    fixValue: '"GeoRedundant"',
  },
);
