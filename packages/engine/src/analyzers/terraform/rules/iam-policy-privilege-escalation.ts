import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkSensitiveActions, SENSITIVE_ACTIONS } from "../sensitive-actions.ts";

export const iamPolicyPrivilegeEscalation: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-privilege-escalation",
  analyzer: "terraform",
  title: "IAM policy lets an identity escalate its privileges",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An identity policy allows an action that changes permissions (`iam:PassRole`, `iam:CreatePolicyVersion`, `iam:Attach*Policy`, `iam:Put*Policy`, `iam:UpdateAssumeRolePolicy`, …) on `"*"` without a condition.',
    whyItMatters:
      "The holder can attach an administrator policy to itself, pass a powerful role to a service it controls, or rewrite a role's trust: one compromised identity becomes the whole account.",
    remediation:
      "Limit these actions to the specific roles and policies they manage (ARNs in `Resource`), and for `iam:PassRole` add an `iam:PassedToService` condition.",
    example:
      'data "aws_iam_policy_document" "deployer" {\n  statement {\n    actions   = ["iam:PassRole"]\n    resources = [aws_iam_role.app.arn]\n    condition {\n      test     = "StringEquals"\n      variable = "iam:PassedToService"\n      values   = ["ecs-tasks.amazonaws.com"]\n    }\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html",
    ],
  },
  check(ctx) {
    checkSensitiveActions(ctx, SENSITIVE_ACTIONS.privilegeEscalation, "privilege escalation");
  },
};
