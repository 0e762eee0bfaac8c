// Dataset ACL entries name the public through `special_group = "allAuthenticatedUsers"` or
// `iam_member = "allUsers"`, inline (`access { … }`) or as a `google_bigquery_dataset_access`.
import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { Block, TerraformModel } from "../model.ts";

const PUBLIC = ["allUsers", "allAuthenticatedUsers"];

export const bigqueryDatasetPublicAccess: FileRule<TerraformModel> = {
  id: "terraform/bigquery-dataset-public-access",
  analyzer: "terraform",
  title: "BigQuery dataset readable by allUsers or allAuthenticatedUsers",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03", "IAC-NET-04"],
  docs: {
    summary:
      "A `google_bigquery_dataset` `access` block, or a `google_bigquery_dataset_access`, grants a role to " +
      "`allAuthenticatedUsers` (`special_group`) or `allUsers` (`iam_member`).",
    whyItMatters:
      "Every table of the dataset can be queried by anyone with a Google account, or by anyone at all.",
    remediation: "Grant dataset roles to specific users, groups, service accounts or authorized views.",
    example:
      'resource "google_bigquery_dataset" "analytics" {\n  access {\n    role          = "READER"\n    group_by_email = "analysts@example.com"\n  }\n}',
    references: ["https://cloud.google.com/bigquery/docs/control-access-to-resources-iam"],
  },
  check(ctx) {
    const report = (owner: Block, holder: Block) => {
      for (const name of ["special_group", "iam_member"]) {
        const member = setting(ctx.model, holder, name);
        if (member.state !== "known" || typeof member.value !== "string" || !PUBLIC.includes(member.value))
          continue;
        ctx.report({
          message: `${addressOf(owner)} grants dataset access to ${member.value}`,
          at: at(member.attribute.span),
        });
      }
    };
    for (const dataset of resources(ctx.model, "google_bigquery_dataset")) {
      for (const access of children(dataset, "access")) if (!access.dynamic) report(dataset, access);
    }
    for (const access of resources(ctx.model, "google_bigquery_dataset_access")) report(access, access);
  },
};
