import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, dataSources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const PRIMITIVE = ["roles/owner", "roles/editor"];

export const gcpIamPolicyDocumentPrimitiveRole: FileRule<TerraformModel> = {
  id: "terraform/gcp-iam-policy-document-primitive-role",
  analyzer: "terraform",
  title: "Google IAM policy document grants Owner or Editor",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary: 'A `data "google_iam_policy"` has a `binding` with `role = "roles/owner"` or `"roles/editor"`.',
    whyItMatters:
      "Basic roles grant thousands of permissions across every service; applied to a project through " +
      "`google_project_iam_policy`, every member can read and change almost everything.",
    remediation: "Bind predefined or custom roles that cover only what each member needs.",
    example:
      'data "google_iam_policy" "project" {\n  binding {\n    role    = "roles/compute.instanceAdmin.v1"\n    members = ["group:ops@example.com"]\n  }\n}',
    references: ["https://cloud.google.com/iam/docs/understanding-roles#basic"],
  },
  check(ctx) {
    for (const policy of dataSources(ctx.model, "google_iam_policy")) {
      for (const binding of children(policy, "binding")) {
        if (binding.dynamic) continue;
        const role = setting(ctx.model, binding, "role");
        if (role.state !== "known" || typeof role.value !== "string" || !PRIMITIVE.includes(role.value))
          continue;
        ctx.report({ message: `${addressOf(policy)} grants ${role.value}`, at: at(role.attribute.span) });
      }
    }
  },
};
