import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkSensitiveActions, SENSITIVE_ACTIONS } from "../sensitive-actions.ts";

export const iamPolicyCredentialsExposure: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-credentials-exposure",
  analyzer: "terraform",
  title: "IAM policy lets an identity create credentials for others",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [522],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An identity policy allows an action that creates or resets credentials (`iam:CreateAccessKey`, `iam:UpdateLoginProfile`, `sts:GetFederationToken`, `redshift:GetClusterCredentials`, …) on `"*"` without a condition.',
    whyItMatters:
      "The holder can mint access keys or set passwords for any user, including administrators, and act as them.",
    remediation:
      "Limit these actions to the identity itself (a user ARN built with the `aws:username` policy variable) or to named resources.",
    example:
      'data "aws_iam_policy_document" "self_service" {\n  statement {\n    actions   = ["iam:CreateAccessKey"]\n    resources = [aws_iam_user.ci.arn]\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html",
    ],
  },
  check(ctx) {
    checkSensitiveActions(ctx, SENSITIVE_ACTIONS.credentialsExposure, "creating credentials");
  },
};
