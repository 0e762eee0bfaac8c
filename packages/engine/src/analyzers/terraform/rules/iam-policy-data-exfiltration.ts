import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkSensitiveActions, SENSITIVE_ACTIONS } from "../sensitive-actions.ts";

export const iamPolicyDataExfiltration: FileRule<TerraformModel> = {
  id: "terraform/iam-policy-data-exfiltration",
  analyzer: "terraform",
  title: "IAM policy allows reading data and secrets from every resource",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [200],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An identity policy allows an action that reads stored data or secrets (`s3:GetObject`, `secretsmanager:GetSecretValue`, `ssm:GetParameter*`, `dynamodb:Scan`, `rds:CreateDBSnapshot`, …) on `"*"` without a condition.',
    whyItMatters:
      "The holder can read every object, secret and parameter of the account, present and future, far beyond what one workload needs.",
    remediation: "Name the buckets, secrets, parameters and tables the identity needs in `Resource`.",
    example:
      'data "aws_iam_policy_document" "reader" {\n  statement {\n    actions   = ["s3:GetObject"]\n    resources = ["arn:aws:s3:::example-reports/*"]\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html",
    ],
  },
  check(ctx) {
    checkSensitiveActions(ctx, SENSITIVE_ACTIONS.dataExfiltration, "reading data");
  },
};
