import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const PRIMITIVE = ["roles/owner", "roles/editor"];

export const gcpPrimitiveRoleBinding: FileRule<TerraformModel> = {
  id: "terraform/gcp-primitive-role-binding",
  analyzer: "terraform",
  title: "Owner or Editor role granted on a project, folder or organization",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "A `google_project_iam_member`/`_binding` (or the folder and organization equivalents) grants " +
      "`roles/owner` or `roles/editor`.",
    whyItMatters:
      "The basic roles include thousands of permissions across every service; a workload or person holding " +
      "one can read and change nearly everything in scope.",
    remediation: "Grant predefined or custom roles for the services the principal uses.",
    example:
      'resource "google_project_iam_member" "deployer" {\n  project = var.project\n  role    = "roles/run.developer"\n  member  = "serviceAccount:deployer@example.iam.gserviceaccount.com"\n}',
    references: ["https://cloud.google.com/iam/docs/understanding-roles#basic"],
  },
  check(ctx) {
    const bindings = resources(
      ctx.model,
      "google_project_iam_member",
      "google_project_iam_binding",
      "google_folder_iam_member",
      "google_folder_iam_binding",
      "google_organization_iam_member",
      "google_organization_iam_binding",
    );
    for (const binding of bindings) {
      const role = setting(ctx.model, binding, "role");
      if (role.state !== "known" || typeof role.value !== "string" || !PRIMITIVE.includes(role.value))
        continue;
      ctx.report({ message: `${addressOf(binding)} grants ${role.value}`, at: at(role.attribute.span) });
    }
  },
};
