import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

/** Attributes that narrow who may use a permission; any of them present (even unknown) counts. */
const SCOPES = ["source_arn", "source_account", "principal_org_id", "function_url_auth_type"];

export const lambdaPermissionAnyPrincipal: FileRule<TerraformModel> = {
  id: "terraform/lambda-permission-any-principal",
  analyzer: "terraform",
  title: "Lambda permission lets any AWS account invoke the function",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An `aws_lambda_permission` grants `principal = "*"` without `source_arn`, `source_account` or `principal_org_id`.',
    whyItMatters:
      "Any principal of any AWS account can then invoke the function (or whatever action was granted), with inputs of its choosing.",
    remediation:
      "Name the calling service or account in `principal`, and narrow it with `source_arn` / `source_account` or `principal_org_id`.",
    example:
      'resource "aws_lambda_permission" "s3" {\n  action         = "lambda:InvokeFunction"\n  principal      = "s3.amazonaws.com"\n  source_arn     = aws_s3_bucket.uploads.arn\n  source_account = "111122223333"\n}',
  },
  check(ctx) {
    for (const permission of resources(ctx.model, "aws_lambda_permission")) {
      const principal = setting(ctx.model, permission, "principal");
      if (principal.state !== "known" || principal.value !== "*") continue;
      if (SCOPES.some((name) => permission.attributes.has(name))) continue;
      ctx.report({
        message: `${addressOf(permission)} lets any principal invoke the function`,
        at: at(principal.attribute.span),
      });
    }
  },
};
