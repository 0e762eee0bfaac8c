import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const cloudfrontOriginAllowsHttp: FileRule<TerraformModel> = {
  id: "terraform/cloudfront-origin-allows-http",
  analyzer: "terraform",
  title: "CloudFront fetches from its origin over plain HTTP",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      'An `aws_cloudfront_distribution` origin sets `custom_origin_config { origin_protocol_policy = "http-only" }`.',
    whyItMatters:
      "Viewers see HTTPS, but every request and response between CloudFront and the origin, cookies and tokens included, crosses the internet in clear text.",
    remediation: 'Set `origin_protocol_policy = "https-only"` and serve TLS on the origin.',
    example:
      'resource "aws_cloudfront_distribution" "site" {\n  origin {\n    custom_origin_config {\n      http_port              = 80\n      https_port             = 443\n      origin_protocol_policy = "https-only"\n      origin_ssl_protocols   = ["TLSv1.2"]\n    }\n  }\n}',
  },
  check(ctx) {
    for (const distribution of resources(ctx.model, "aws_cloudfront_distribution")) {
      for (const origin of children(distribution, "origin")) {
        for (const config of children(origin, "custom_origin_config")) {
          if (origin.dynamic || config.dynamic) continue;
          const policy = setting(ctx.model, config, "origin_protocol_policy");
          if (policy.state !== "known" || policy.value !== "http-only") continue;
          ctx.report({
            message: `${addressOf(distribution)} fetches from an origin over plain HTTP`,
            at: at(policy.attribute.span),
          });
        }
      }
    }
  },
};
