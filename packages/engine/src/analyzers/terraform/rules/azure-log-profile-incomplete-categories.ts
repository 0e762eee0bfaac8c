// An activity log profile exports only the categories it lists; Write, Delete and Action together
// are every control-plane change, so a missing one leaves a class of changes unrecorded.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const REQUIRED = ["Write", "Delete", "Action"];

export const azureLogProfileIncompleteCategories: FileRule<TerraformModel> = {
  id: "terraform/azure-log-profile-incomplete-categories",
  analyzer: "terraform",
  title: "Azure activity log profile does not export every category",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-01"],
  docs: {
    summary:
      "An `azurerm_monitor_log_profile` lists `categories` without all of `Write`, `Delete` and `Action`.",
    whyItMatters:
      "Control-plane operations of the missing kinds (deleting resources, listing keys, changing role assignments) " +
      "are not exported and are lost after the activity log's 90 days.",
    remediation:
      'Set `categories = ["Write", "Delete", "Action"]`, or use a subscription diagnostic setting with every category.',
    example:
      'resource "azurerm_monitor_log_profile" "main" {\n  categories = ["Write", "Delete", "Action"]\n  locations  = ["global", "westeurope"]\n}',
    references: ["https://learn.microsoft.com/azure/azure-monitor/essentials/activity-log"],
  },
  check(ctx) {
    for (const profile of resources(ctx.model, "azurerm_monitor_log_profile")) {
      const categories = setting(ctx.model, profile, "categories");
      if (categories.state !== "known" || !Array.isArray(categories.value)) continue;
      // A list with an unknown element might hold the missing category.
      if (knownStrings(categories.value).length !== categories.value.length) continue;
      const listed = knownStrings(categories.value).map((category) => category.toLowerCase());
      const missing = REQUIRED.filter((category) => !listed.includes(category.toLowerCase()));
      if (missing.length === 0) continue;
      ctx.report({
        message: `${addressOf(profile)} does not export the ${missing.join(", ")} categor${missing.length === 1 ? "y" : "ies"}`,
        at: at(categories.attribute.span),
      });
    }
  },
};
