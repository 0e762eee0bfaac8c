import { judge, settingRule } from "../checks.ts";

export const azureStorageSharedKeyAccessEnabled = settingRule(
  {
    id: "terraform/azure-storage-shared-key-access-enabled",
    analyzer: "terraform",
    title: "Azure storage account accepts shared key authorization",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `azurerm_storage_account` leaves `shared_access_key_enabled` unset (default true) or true, so requests signed with the account keys or SAS tokens derived from them are accepted.",
      whyItMatters:
        "Account keys grant full access to every container, queue and share, never expire and are not tied to an identity: a leaked key is a full, unattributable compromise.",
      remediation:
        "Set `shared_access_key_enabled = false` and grant access with Microsoft Entra ID roles (set `storage_use_azuread = true` in the provider so Terraform itself stops using keys).",
      example: 'resource "azurerm_storage_account" "data" {\n  shared_access_key_enabled = false\n}',
      references: ["https://learn.microsoft.com/azure/storage/common/shared-key-authorization-prevent"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "shared_access_key_enabled",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "accepts shared key authorization",
    fixValue: "false",
  },
);
