import { judge, settingRule } from "../checks.ts";

export const cloudfrontWithoutWaf = settingRule(
  {
    id: "terraform/cloudfront-without-waf",
    analyzer: "terraform",
    title: "CloudFront distribution without a WAF web ACL",
    severity: "low",
    confidence: "low",
    lifecycle: "preview",
    cwe: [693],
    controls: ["IAC-NET-05"],
    docs: {
      summary: "An `aws_cloudfront_distribution` has no `web_acl_id`.",
      whyItMatters:
        "Without a web ACL at the edge, exploit payloads, bots and floods reach the origin unfiltered.",
      remediation:
        "Set `web_acl_id` to the ARN of a global (`CLOUDFRONT` scope) `aws_wafv2_web_acl` with managed rule groups.",
      example:
        'resource "aws_cloudfront_distribution" "site" {\n  web_acl_id = aws_wafv2_web_acl.edge.arn\n}',
    },
  },
  {
    types: ["aws_cloudfront_distribution"],
    attribute: "web_acl_id",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "has no WAF web ACL",
  },
);
