import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const albWithoutWaf: ProjectRule<TerraformSummary> = {
  id: "terraform/alb-without-waf",
  analyzer: "terraform",
  title: "Application load balancer without a WAF web ACL",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [693],
  controls: ["IAC-NET-05"],
  docs: {
    summary:
      "An application `aws_lb` has no `aws_wafv2_web_acl_association` (or regional WAF association) naming it anywhere in its module.",
    whyItMatters:
      "Without a web ACL the load balancer passes every request to the application, including known exploit payloads and floods a managed rule group would stop.",
    remediation:
      "Associate a web ACL with managed rule groups: `aws_wafv2_web_acl_association { resource_arn = aws_lb.<name>.arn, web_acl_arn = \u2026 }`. Internal load balancers can be suppressed.",
    example:
      'resource "aws_wafv2_web_acl_association" "web" {\n  resource_arn = aws_lb.web.arn\n  web_acl_arn  = aws_wafv2_web_acl.main.arn\n}',
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "alb-waf")) {
      ctx.report({
        path,
        message: `aws_lb.${resource.name} has no WAF web ACL associated`,
        at: locatedAt(resource),
      });
    }
  },
};
