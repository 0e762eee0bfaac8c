import { judge } from "../checks.ts";
import { aliasedSettingRule } from "../checks-extra.ts";

export const azureStoragePublicBlobAccess = aliasedSettingRule(
  {
    id: "terraform/azure-storage-public-blob-access",
    analyzer: "terraform",
    title: "Azure storage account allows public blob access",
    severity: "high",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        "An `azurerm_storage_account` leaves `allow_nested_items_to_be_public` unset (it defaults to true) or true (azurerm 2.x: `allow_blob_public_access = true`), so containers can be made anonymously readable.",
      whyItMatters:
        "One container created or switched to `blob`/`container` access publishes its contents to the internet, with no change to the account.",
      remediation:
        "Set `allow_nested_items_to_be_public = false`; serve public content through a CDN with a private origin.",
      example: 'resource "azurerm_storage_account" "data" {\n  allow_nested_items_to_be_public = false\n}',
      references: ["https://learn.microsoft.com/azure/storage/blobs/anonymous-read-access-prevent"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "allow_nested_items_to_be_public",
    // azurerm 2.x name
    aliases: ["allow_blob_public_access"],
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "allows anonymous public access to blobs",
    fixValue: "false",
  },
);
