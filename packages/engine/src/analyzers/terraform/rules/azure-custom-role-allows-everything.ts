// A custom role whose `permissions.actions` holds "*" is Owner under another name, wherever it is assignable.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

export const azureCustomRoleAllowsEverything: FileRule<TerraformModel> = {
  id: "terraform/azure-custom-role-allows-everything",
  analyzer: "terraform",
  title: "Azure custom role allows every action",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An `azurerm_role_definition` lists `"*"` in `permissions { actions }`, granting every management operation on its assignable scopes.',
    whyItMatters:
      "The role is equivalent to Owner (including writing role assignments) but does not look like it; whoever gets it " +
      "controls everything in the scope and can grant themselves more.",
    remediation:
      "List the specific actions the role needs (e.g. `Microsoft.Compute/virtualMachines/start/action`), or use a built-in role.",
    example:
      'resource "azurerm_role_definition" "operator" {\n  permissions {\n    actions = ["Microsoft.Compute/virtualMachines/start/action", "Microsoft.Compute/virtualMachines/restart/action"]\n  }\n}',
    references: ["https://learn.microsoft.com/azure/role-based-access-control/custom-roles"],
  },
  check(ctx) {
    for (const role of resources(ctx.model, "azurerm_role_definition")) {
      for (const permissions of children(role, "permissions")) {
        if (permissions.dynamic) continue;
        const actions = setting(ctx.model, permissions, "actions");
        if (actions.state !== "known") continue;
        if (!knownStrings(actions.value).includes("*")) continue;
        ctx.report({
          message: `${addressOf(role)} allows every action ("*")`,
          at: at(actions.attribute.span),
        });
      }
    }
  },
};
