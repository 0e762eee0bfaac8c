import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const lambdaPermissionWithoutSource: FileRule<TerraformModel> = {
  id: "terraform/lambda-permission-without-source",
  analyzer: "terraform",
  title: "Lambda permission for a service without a source ARN or account",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [441],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      "An `aws_lambda_permission` grants an AWS service principal (`*.amazonaws.com`) without `source_arn` or `source_account`.",
    whyItMatters:
      "The grant then covers that service acting for any customer: another account's bucket, topic or API can be pointed at the function (a confused deputy).",
    remediation:
      "Add `source_arn` (the bucket, topic, rule or API that calls the function) and `source_account`.",
    example:
      'resource "aws_lambda_permission" "events" {\n  principal  = "events.amazonaws.com"\n  source_arn = aws_cloudwatch_event_rule.nightly.arn\n}',
  },
  check(ctx) {
    for (const permission of resources(ctx.model, "aws_lambda_permission")) {
      const principal = setting(ctx.model, permission, "principal");
      if (principal.state !== "known" || typeof principal.value !== "string") continue;
      if (!principal.value.endsWith(".amazonaws.com")) continue;
      if (
        ["source_arn", "source_account", "principal_org_id"].some((name) => permission.attributes.has(name))
      )
        continue;
      ctx.report({
        message: `${addressOf(permission)} grants ${principal.value} without a source ARN or account`,
        at: at(principal.attribute.span),
      });
    }
  },
};
