import type { FileRule } from "../../../rule.ts";
import { addressOf, at, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const PUBLIC = ["allUsers", "allAuthenticatedUsers"];
const IAM_RESOURCE = /^google_[a-z0-9_]+_iam_(?:member|binding)$/;

export const gcpIamGrantsPublicAccess: FileRule<TerraformModel> = {
  id: "terraform/gcp-iam-grants-public-access",
  analyzer: "terraform",
  title: "Google Cloud IAM grant to allUsers or allAuthenticatedUsers",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03", "IAC-IAM-01"],
  docs: {
    summary:
      "A `google_*_iam_member` or `google_*_iam_binding` (storage buckets, Cloud Functions, Cloud Run, " +
      "Pub/Sub, BigQuery, projects, …) grants a role to `allUsers` or `allAuthenticatedUsers`.",
    whyItMatters:
      "`allUsers` is everyone on the internet; `allAuthenticatedUsers` is everyone with any Google account. " +
      "Buckets become downloadable, functions invocable and topics writable by strangers.",
    remediation:
      "Grant roles to specific users, groups or service accounts. A public website bucket or a public HTTP " +
      "function may be intended: suppress the finding there with the reason.",
    example:
      'resource "google_storage_bucket_iam_member" "reader" {\n  bucket = google_storage_bucket.data.name\n  role   = "roles/storage.objectViewer"\n  member = "group:analysts@example.com"\n}',
    references: ["https://cloud.google.com/iam/docs/principals-overview#all-users"],
  },
  check(ctx) {
    for (const block of ctx.model.blocks) {
      if (block.type !== "resource" || !IAM_RESOURCE.test(block.labels[0] ?? "")) continue;
      for (const name of ["member", "members"]) {
        const members = setting(ctx.model, block, name);
        if (members.state !== "known") continue;
        const open = knownStrings(members.value).find((member) => PUBLIC.includes(member));
        if (open)
          ctx.report({
            message: `${addressOf(block)} grants a role to ${open}`,
            at: at(members.attribute.span),
          });
      }
    }
  },
};
