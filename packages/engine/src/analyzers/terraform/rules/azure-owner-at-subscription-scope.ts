import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const PRIVILEGED = ["Owner", "Contributor", "User Access Administrator"];
const SUBSCRIPTION = /^\/subscriptions\/[^/]+\/?$/i;

export const azureOwnerAtSubscriptionScope: FileRule<TerraformModel> = {
  id: "terraform/azure-owner-at-subscription-scope",
  analyzer: "terraform",
  title: "Owner, Contributor or User Access Administrator assigned at subscription scope",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "An `azurerm_role_assignment` assigns `Owner`, `Contributor` or `User Access Administrator` with a " +
      "subscription (or management group) as `scope`, written as a literal `/subscriptions/<id>` or a " +
      "reference to an `azurerm_subscription` data source or resource.",
    whyItMatters:
      "The principal can change (or, for Owner and User Access Administrator, grant access to) every " +
      "resource in the subscription; a leaked service principal secret becomes a subscription takeover.",
    remediation:
      "Assign narrower built-in or custom roles at resource-group or resource scope. Keep subscription Owner " +
      "for a few break-glass identities with PIM, and suppress the finding there with that reason.",
    example:
      'resource "azurerm_role_assignment" "deployer" {\n  scope                = azurerm_resource_group.app.id\n  role_definition_name = "Website Contributor"\n  principal_id         = azuread_service_principal.deployer.object_id\n}',
    references: ["https://learn.microsoft.com/azure/role-based-access-control/best-practices"],
  },
  check(ctx) {
    for (const assignment of resources(ctx.model, "azurerm_role_assignment")) {
      const role = setting(ctx.model, assignment, "role_definition_name");
      if (role.state !== "known" || typeof role.value !== "string" || !PRIVILEGED.includes(role.value))
        continue;
      const scope = assignment.attributes.get("scope");
      if (!scope) continue;
      const expr = scope.value;
      const referencesSubscription =
        expr.kind === "reference" &&
        ((expr.path[0] === "data" &&
          (expr.path[1] === "azurerm_subscription" || expr.path[1] === "azurerm_management_group")) ||
          expr.path[0] === "azurerm_subscription" ||
          expr.path[0] === "azurerm_management_group");
      const literal = setting(ctx.model, assignment, "scope");
      const literalSubscription =
        literal.state === "known" &&
        typeof literal.value === "string" &&
        (SUBSCRIPTION.test(literal.value) ||
          /^\/providers\/Microsoft\.Management\/managementGroups\//i.test(literal.value));
      if (!referencesSubscription && !literalSubscription) continue;
      ctx.report({
        message: `${addressOf(assignment)} assigns ${role.value} on a whole subscription`,
        at: at(role.attribute.span),
      });
    }
  },
};
