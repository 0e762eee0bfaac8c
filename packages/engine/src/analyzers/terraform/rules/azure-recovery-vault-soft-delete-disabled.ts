import { judge, settingRule } from "../checks.ts";

export const azureRecoveryVaultSoftDeleteDisabled = settingRule(
  {
    id: "terraform/azure-recovery-vault-soft-delete-disabled",
    analyzer: "terraform",
    title: "Recovery Services vault with soft delete turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "An `azurerm_recovery_services_vault` sets `soft_delete_enabled = false`.",
      whyItMatters:
        "Deleted backups are purged at once; an attacker (or a mistake) that deletes the backups before the data leaves nothing to restore.",
      remediation: "Set `soft_delete_enabled = true` (the default) and consider immutability.",
      example: 'resource "azurerm_recovery_services_vault" "backups" {\n  soft_delete_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/backup/backup-azure-security-feature-cloud"],
    },
  },
  {
    types: ["azurerm_recovery_services_vault"],
    attribute: "soft_delete_enabled",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "purges deleted backups immediately",
    fixValue: "true",
  },
);
