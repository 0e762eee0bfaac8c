import type { FileRule } from "../../../rule.ts";
import { addressOf, at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { isAllow, policyDocuments, RESOURCE_POLICY_TYPES } from "../policy.ts";

const COVERED_ELSEWHERE = ["aws_s3_bucket_policy", "aws_s3_bucket"];

export const resourcePolicyAllowsAnyPrincipal: FileRule<TerraformModel> = {
  id: "terraform/resource-policy-allows-any-principal",
  analyzer: "terraform",
  title: "Resource policy grants access to any AWS principal",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      "A KMS key, SQS queue, SNS topic, ECR repository, Secrets Manager secret, Glacier vault or " +
      "OpenSearch domain policy — or an `aws_iam_policy_document` — has an Allow statement for " +
      '`Principal = "*"` without a `Condition`.',
    whyItMatters:
      "Every AWS account (and for some services anonymous callers) can use the resource: decrypt with " +
      "the key, read the queue, pull the images, read the secret.",
    remediation:
      "Name the principals in the statement or restrict it with conditions such as `aws:PrincipalOrgID` or " +
      "`aws:SourceAccount`. Bucket policies are covered by `terraform/s3-bucket-policy-allows-public-access`.",
    example:
      'data "aws_iam_policy_document" "queue" {\n  statement {\n    actions = ["sqs:SendMessage"]\n    principals {\n      type        = "Service"\n      identifiers = ["sns.amazonaws.com"]\n    }\n    condition {\n      test     = "ArnEquals"\n      variable = "aws:SourceArn"\n      values   = [aws_sns_topic.events.arn]\n    }\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_principal.html",
    ],
  },
  check(ctx) {
    const types = RESOURCE_POLICY_TYPES.filter((type) => !COVERED_ELSEWHERE.includes(type));
    for (const document of policyDocuments(ctx.model, types, { includeDataDocuments: true })) {
      for (const statement of document.statements) {
        if (!isAllow(statement) || !statement.anyPrincipal || statement.hasCondition) continue;
        ctx.report({
          message: `${addressOf(document.owner)} grants access to any principal`,
          at: at(statement.at),
        });
      }
    }
  },
};
