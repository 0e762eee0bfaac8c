import type { FileRule } from "../../../rule.ts";
import { addressOf, at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { IDENTITY_POLICY_TYPES, isAllow, policyDocuments } from "../policy.ts";

export const iamPolicyAllowsEverything: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-allows-everything",
  analyzer: "terraform",
  title: "IAM policy allows every action on every resource",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An IAM policy (`aws_iam_policy`, inline role/user/group policies, `aws_iam_policy_document`) has an Allow statement with `Action = "*"` and `Resource = "*"`, written as `jsonencode`, JSON, heredoc or a policy document data source.',
    whyItMatters:
      "Whoever holds the policy is an account administrator: they can read every secret, delete every " +
      "resource and create new identities to persist.",
    remediation:
      "Grant the specific actions on the specific resources the workload needs. For a real administrator " +
      "role, attach the managed `AdministratorAccess` policy deliberately and protect the role with MFA.",
    example:
      'resource "aws_iam_policy" "app" {\n  policy = jsonencode({\n    Version   = "2012-10-17"\n    Statement = [{ Effect = "Allow", Action = ["s3:GetObject"], Resource = "arn:aws:s3:::app-data/*" }]\n  })\n}',
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html#grant-least-privilege",
    ],
  },
  check(ctx) {
    for (const document of policyDocuments(ctx.model, IDENTITY_POLICY_TYPES, {
      includeDataDocuments: true,
    })) {
      for (const statement of document.statements) {
        if (!isAllow(statement) || statement.notActions) continue;
        if (!statement.actions.some((action) => action === "*" || action === "*:*")) continue;
        if (!statement.resources.includes("*")) continue;
        ctx.report({
          message: `${addressOf(document.owner)} allows every action on every resource`,
          at: at(statement.at),
        });
      }
    }
  },
};
