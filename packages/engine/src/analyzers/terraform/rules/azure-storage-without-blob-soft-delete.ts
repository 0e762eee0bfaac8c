import { requiredBlockRule, settingIsUnknownOr } from "../checks-extra.ts";

export const azureStorageWithoutBlobSoftDelete = requiredBlockRule(
  {
    id: "terraform/azure-storage-without-blob-soft-delete",
    analyzer: "terraform",
    title: "Azure storage account without blob soft delete",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `azurerm_storage_account` has no `blob_properties { delete_retention_policy { … } }`, so deleted blobs are not kept (file-share-only and hierarchical-namespace accounts are judged elsewhere and not flagged).",
      whyItMatters:
        "A deleted blob cannot be recovered: an operator mistake, a compromised key or ransomware that deletes data causes permanent loss.",
      remediation: "Add `blob_properties { delete_retention_policy { days = 7 } }` (or longer).",
      example:
        'resource "azurerm_storage_account" "data" {\n  blob_properties {\n    delete_retention_policy {\n      days = 14\n    }\n  }\n}',
      references: ["https://learn.microsoft.com/azure/storage/blobs/soft-delete-blob-overview"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    path: ["blob_properties", "delete_retention_policy"],
    problem: "does not keep deleted blobs (no delete_retention_policy)",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "account_kind", (kind) => kind === "FileStorage") ||
      settingIsUnknownOr(model, resource, "is_hns_enabled", (hns) => hns === true),
  },
);
