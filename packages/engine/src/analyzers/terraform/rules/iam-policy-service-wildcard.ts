import type { FileRule } from "../../../rule.ts";
import { addressOf, at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { IDENTITY_POLICY_TYPES, isAllow, policyDocuments } from "../policy.ts";

const SERVICE_WILDCARD = /^[a-z0-9-]+:\*$/i;

export const iamPolicyServiceWildcard: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-service-wildcard",
  analyzer: "terraform",
  title: "IAM policy allows every action of a service on every resource",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An Allow statement grants `"<service>:*"` (for example `"s3:*"`, `"iam:*"`) with `Resource = "*"`.',
    whyItMatters:
      "A whole-service wildcard includes the destructive and privilege-changing actions of that service " +
      "(`s3:DeleteBucket`, `s3:PutBucketPolicy`, `iam:CreateAccessKey`) on every resource in the account.",
    remediation:
      "List the actions the workload calls and scope `Resource` to its ARNs. Statements that already allow " +
      "`*` are reported by `terraform/iam-policy-allows-everything` instead.",
    example:
      'data "aws_iam_policy_document" "app" {\n  statement {\n    actions   = ["s3:GetObject", "s3:PutObject"]\n    resources = ["arn:aws:s3:::app-data/*"]\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html#grant-least-privilege",
    ],
  },
  check(ctx) {
    for (const document of policyDocuments(ctx.model, IDENTITY_POLICY_TYPES, {
      includeDataDocuments: true,
    })) {
      for (const statement of document.statements) {
        if (!isAllow(statement) || statement.notActions || !statement.resources.includes("*")) continue;
        if (statement.actions.some((action) => action === "*" || action === "*:*")) continue;
        const wildcard = statement.actions.find((action) => SERVICE_WILDCARD.test(action));
        if (!wildcard) continue;
        ctx.report({
          message: `${addressOf(document.owner)} allows "${wildcard}" on every resource`,
          at: at(statement.at),
        });
      }
    }
  },
};
