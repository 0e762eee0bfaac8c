import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const azureVmWithoutBackup: ProjectRule<TerraformSummary> = {
  id: "terraform/azure-vm-without-backup",
  analyzer: "terraform",
  title: "Azure virtual machine without backup",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [693],
  controls: ["IAC-BAK-01"],
  docs: {
    summary:
      "An `azurerm_linux_virtual_machine`, `azurerm_windows_virtual_machine` or `azurerm_virtual_machine` has no `azurerm_backup_protected_vm` whose `source_vm_id` names it anywhere in its module.",
    whyItMatters:
      "Without a Recovery Services backup, a deleted, corrupted or ransomed disk cannot be restored to a known point in time.",
    remediation:
      "Protect the machine with `azurerm_backup_protected_vm { source_vm_id = <vm>.id, backup_policy_id = … }` in a Recovery Services vault. Stateless machines rebuilt from an image can be suppressed; a machine handed to a module call, or named through a variable or a literal ID, is not reported.",
    example:
      'resource "azurerm_backup_protected_vm" "web" {\n  resource_group_name = azurerm_resource_group.main.name\n  recovery_vault_name = azurerm_recovery_services_vault.main.name\n  source_vm_id        = azurerm_linux_virtual_machine.web.id\n  backup_policy_id    = azurerm_backup_policy_vm.daily.id\n}',
    references: ["https://learn.microsoft.com/azure/backup/backup-azure-vms-introduction"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "azure-vm-backup")) {
      ctx.report({
        path,
        message: `${resource.type}.${resource.name} is not protected by a backup`,
        at: locatedAt(resource),
      });
    }
  },
};
