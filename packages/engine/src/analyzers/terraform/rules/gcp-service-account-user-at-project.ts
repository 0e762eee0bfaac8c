// Service Account User and Token Creator granted on a project (folder, organization) apply to every
// service account in it: the grantee can act as any of them, including the most privileged.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const IMPERSONATION_ROLES = ["roles/iam.serviceAccountUser", "roles/iam.serviceAccountTokenCreator"];
const BROAD_SCOPES = [
  "google_project_iam_member",
  "google_project_iam_binding",
  "google_folder_iam_member",
  "google_folder_iam_binding",
  "google_organization_iam_member",
  "google_organization_iam_binding",
];

export const gcpServiceAccountUserAtProject: FileRule<TerraformModel> = {
  id: "terraform/gcp-service-account-user-at-project",
  analyzer: "terraform",
  title: "Service account impersonation granted on a whole project",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "A `google_project_iam_member`/`_binding` (or folder / organization equivalent) grants " +
      "`roles/iam.serviceAccountUser` or `roles/iam.serviceAccountTokenCreator`.",
    whyItMatters:
      "Granted at project level, the role lets the member impersonate every service account of the project, " +
      "present and future, and so gain all of their permissions (often Editor).",
    remediation:
      "Grant the role on the one service account that must be used (`google_service_account_iam_member`), not on the project.",
    example:
      'resource "google_service_account_iam_member" "deployer" {\n  service_account_id = google_service_account.runtime.name\n  role               = "roles/iam.serviceAccountUser"\n  member             = "serviceAccount:deployer@app.iam.gserviceaccount.com"\n}',
    references: ["https://cloud.google.com/iam/docs/service-account-permissions#user-role"],
  },
  check(ctx) {
    for (const binding of resources(ctx.model, ...BROAD_SCOPES)) {
      const role = setting(ctx.model, binding, "role");
      if (role.state !== "known" || typeof role.value !== "string") continue;
      if (!IMPERSONATION_ROLES.includes(role.value)) continue;
      ctx.report({
        message: `${addressOf(binding)} grants ${role.value} on every service account in scope`,
        at: at(role.attribute.span),
      });
    }
  },
};
