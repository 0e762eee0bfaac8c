import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const iamUserWithoutGroup: ProjectRule<TerraformSummary> = {
  id: "terraform/iam-user-without-group",
  analyzer: "terraform",
  title: "IAM user in no group",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [266],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "An `aws_iam_user` is named by no `aws_iam_user_group_membership` (`user`) or `aws_iam_group_membership` (`users`) anywhere in its module.",
    whyItMatters:
      "A user outside every group gets its permissions one by one, attached to it directly: they escape the group-level review and drift from what the user's role needs.",
    remediation:
      "Grant permissions through groups: add the user to a group with `aws_iam_user_group_membership` and attach policies to the group. A user handed to a module call, or named through a variable, is not reported.",
    example:
      'resource "aws_iam_user_group_membership" "alice" {\n  user   = aws_iam_user.alice.name\n  groups = [aws_iam_group.developers.name]\n}',
    references: ["https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "iam-user-group")) {
      ctx.report({
        path,
        message: `aws_iam_user.${resource.name} belongs to no group`,
        at: locatedAt(resource),
      });
    }
  },
};
