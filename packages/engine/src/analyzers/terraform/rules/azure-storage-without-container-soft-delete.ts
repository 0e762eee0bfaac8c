import { requiredBlockRule, settingIsUnknownOr } from "../checks-extra.ts";

export const azureStorageWithoutContainerSoftDelete = requiredBlockRule(
  {
    id: "terraform/azure-storage-without-container-soft-delete",
    analyzer: "terraform",
    title: "Azure storage account without container soft delete",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `azurerm_storage_account` has no `blob_properties { container_delete_retention_policy { … } }`, so a deleted container and every blob in it are gone at once.",
      whyItMatters:
        "Deleting a container deletes all its blobs; blob soft delete does not protect against it. One mistaken or malicious call destroys the whole data set.",
      remediation: "Add `blob_properties { container_delete_retention_policy { days = 7 } }` (or longer).",
      example:
        'resource "azurerm_storage_account" "data" {\n  blob_properties {\n    container_delete_retention_policy {\n      days = 14\n    }\n  }\n}',
      references: ["https://learn.microsoft.com/azure/storage/blobs/soft-delete-container-overview"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    path: ["blob_properties", "container_delete_retention_policy"],
    problem: "does not keep deleted containers (no container_delete_retention_policy)",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "account_kind", (kind) => kind === "FileStorage") ||
      settingIsUnknownOr(model, resource, "is_hns_enabled", (hns) => hns === true),
  },
);
