import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, replaceValueFix, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const cloudfrontAllowsHttp: FileRule<TerraformModel> = {
  id: "terraform/cloudfront-allows-http",
  analyzer: "terraform",
  title: "CloudFront cache behavior serves plain HTTP",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  fixable: true,
  docs: {
    summary:
      'An `aws_cloudfront_distribution` cache behavior (default or ordered) sets `viewer_protocol_policy = "allow-all"`.',
    whyItMatters:
      "Viewers can fetch content and send cookies over plain HTTP, where they can be read or altered.",
    remediation: 'Use `viewer_protocol_policy = "redirect-to-https"` (or `https-only`).',
    example:
      'resource "aws_cloudfront_distribution" "site" {\n  default_cache_behavior {\n    viewer_protocol_policy = "redirect-to-https"\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/using-https-viewers-to-cloudfront.html",
    ],
  },
  check(ctx) {
    for (const distribution of resources(ctx.model, "aws_cloudfront_distribution")) {
      const behaviors = [
        ...children(distribution, "default_cache_behavior"),
        ...children(distribution, "ordered_cache_behavior"),
      ];
      for (const behavior of behaviors) {
        if (behavior.dynamic) continue;
        const policy = setting(ctx.model, behavior, "viewer_protocol_policy");
        if (policy.state !== "known" || policy.value !== "allow-all") continue;
        ctx.report({
          message: `${addressOf(distribution)} serves plain HTTP in its ${behavior.type}`,
          at: at(policy.attribute.span),
          ...(policy.attribute.value.kind === "literal"
            ? { fix: replaceValueFix(ctx.file, policy.attribute, '"redirect-to-https"') }
            : {}),
        });
      }
    }
  },
};
