import type { FileRule } from "../../../rule.ts";
import { checkSetting, judge } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const azureStorageAllowsHttp: FileRule<TerraformModel> = {
  id: "terraform/azure-storage-allows-http",
  analyzer: "terraform",
  title: "Azure storage account accepts plain HTTP",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  fixable: true,
  docs: {
    summary:
      "An `azurerm_storage_account` sets `https_traffic_only_enabled = false` (azurerm 4.x) or " +
      "`enable_https_traffic_only = false` (3.x).",
    whyItMatters:
      "Blobs, queue messages and SAS tokens can travel in clear text and be read or altered on the path.",
    remediation: "Set the attribute to `true` (the default) or remove it.",
    example: 'resource "azurerm_storage_account" "data" {\n  https_traffic_only_enabled = true\n}',
    references: ["https://learn.microsoft.com/azure/storage/common/storage-require-secure-transfer"],
  },
  check(ctx) {
    for (const attribute of ["https_traffic_only_enabled", "enable_https_traffic_only"]) {
      checkSetting(ctx, {
        types: ["azurerm_storage_account"],
        attribute,
        judge: judge.boolean(true),
        whenMissing: "safe",
        problem: "accepts plain HTTP",
        fixValue: "true",
      });
    }
  },
};
