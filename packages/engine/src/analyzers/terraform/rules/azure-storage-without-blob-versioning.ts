import { judge, settingRule } from "../checks.ts";
import { settingIsUnknownOr } from "../checks-extra.ts";

export const azureStorageWithoutBlobVersioning = settingRule(
  {
    id: "terraform/azure-storage-without-blob-versioning",
    analyzer: "terraform",
    title: "Azure storage account without blob versioning",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `azurerm_storage_account` has no `blob_properties { versioning_enabled = true }` (file-share-only and hierarchical-namespace accounts, which cannot version blobs, are not flagged).",
      whyItMatters:
        "An overwritten or deleted blob is gone: a faulty job, a compromised key or ransomware can destroy data without any earlier version to restore.",
      remediation:
        "Add `blob_properties { versioning_enabled = true }` (and a lifecycle rule to expire old versions).",
      example:
        'resource "azurerm_storage_account" "data" {\n  blob_properties {\n    versioning_enabled = true\n  }\n}',
      references: ["https://learn.microsoft.com/azure/storage/blobs/versioning-overview"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    path: ["blob_properties"],
    attribute: "versioning_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not keep blob versions",
    fixValue: "true",
    exempt: (model, resource) =>
      settingIsUnknownOr(model, resource, "account_kind", (kind) => kind === "FileStorage") ||
      settingIsUnknownOr(model, resource, "is_hns_enabled", (hns) => hns === true),
  },
);
