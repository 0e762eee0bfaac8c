import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

export const iamPolicyAttachedToUser: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-attached-to-user",
  analyzer: "terraform",
  title: "IAM permissions granted directly to a user",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "An `aws_iam_user_policy` (inline) or `aws_iam_user_policy_attachment` gives permissions to an IAM user " +
      "instead of a group or role; so does an `aws_iam_policy_attachment` that lists `users`.",
    whyItMatters:
      "Per-user grants drift: people change teams and keep permissions nobody reviews. Long-lived users " +
      "with their own policies are also the identities whose keys leak.",
    remediation: "Grant permissions to groups (for people) or roles (for workloads) and add users to groups.",
    example:
      'resource "aws_iam_group_policy_attachment" "developers" {\n  group      = aws_iam_group.developers.name\n  policy_arn = aws_iam_policy.developer.arn\n}',
    references: ["https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html"],
  },
  check(ctx) {
    for (const grant of resources(ctx.model, "aws_iam_user_policy", "aws_iam_user_policy_attachment")) {
      ctx.report({
        message: `${addressOf(grant)} grants permissions directly to a user`,
        at: headerOf(grant),
      });
    }
    for (const attachment of resources(ctx.model, "aws_iam_policy_attachment")) {
      const users = setting(ctx.model, attachment, "users");
      if (users.state === "known" && knownStrings(users.value).length > 0) {
        ctx.report({
          message: `${addressOf(attachment)} attaches a policy to users`,
          at: headerOf(attachment),
        });
      }
    }
  },
};
