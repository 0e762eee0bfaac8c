import { judge, settingRule } from "../checks.ts";

export const azureStorageWithoutInfrastructureEncryption = settingRule(
  {
    id: "terraform/azure-storage-without-infrastructure-encryption",
    analyzer: "terraform",
    title: "Azure storage account without infrastructure (double) encryption",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `azurerm_storage_account` leaves `infrastructure_encryption_enabled` unset (default false) or false.",
      whyItMatters:
        "Data is encrypted once, at the service layer; infrastructure encryption adds a second, independent layer with a different key and algorithm, required by some regulated workloads.",
      remediation:
        "Set `infrastructure_encryption_enabled = true` when the account is created (it cannot be changed later).",
      example: 'resource "azurerm_storage_account" "data" {\n  infrastructure_encryption_enabled = true\n}',
      references: ["https://learn.microsoft.com/azure/storage/common/infrastructure-encryption-enable"],
    },
  },
  {
    types: ["azurerm_storage_account"],
    attribute: "infrastructure_encryption_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not enable infrastructure encryption",
    fixValue: "true",
  },
);
