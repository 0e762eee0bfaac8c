// `data "google_iam_policy"` documents feed `*_iam_policy` resources, which replace a resource's
// whole policy: a public member there is as public as an `_iam_member` grant.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, dataSources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const PUBLIC = ["allUsers", "allAuthenticatedUsers"];

export const gcpIamPolicyDocumentPublic: FileRule<TerraformModel> = {
  id: "terraform/gcp-iam-policy-document-public",
  analyzer: "terraform",
  title: "Google IAM policy document grants a role to allUsers or allAuthenticatedUsers",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03", "IAC-IAM-01"],
  docs: {
    summary:
      'A `data "google_iam_policy"` has a `binding` whose `members` include `allUsers` or `allAuthenticatedUsers`.',
    whyItMatters:
      "The policy is applied with a `google_*_iam_policy` resource; the bucket, function, topic or project it is attached " +
      "to becomes usable by anyone on the internet (or anyone with a Google account).",
    remediation:
      "Name specific users, groups or service accounts in `members`; suppress with a reason where a public resource is intended.",
    example:
      'data "google_iam_policy" "readers" {\n  binding {\n    role    = "roles/storage.objectViewer"\n    members = ["group:analysts@example.com"]\n  }\n}',
    references: ["https://cloud.google.com/iam/docs/principals-overview#all-users"],
  },
  check(ctx) {
    for (const policy of dataSources(ctx.model, "google_iam_policy")) {
      for (const binding of children(policy, "binding")) {
        if (binding.dynamic) continue;
        const members = setting(ctx.model, binding, "members");
        if (members.state !== "known") continue;
        const open = knownStrings(members.value).find((member) => PUBLIC.includes(member));
        if (open)
          ctx.report({
            message: `${addressOf(policy)} grants a role to ${open}`,
            at: at(members.attribute.span),
          });
      }
    }
  },
};
