import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const wafv2WebAclWithoutLogging: ProjectRule<TerraformSummary> = {
  id: "terraform/wafv2-web-acl-without-logging",
  analyzer: "terraform",
  title: "WAF web ACL without logging",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_wafv2_web_acl` has no `aws_wafv2_web_acl_logging_configuration` naming it anywhere in its module.",
    whyItMatters:
      "Without WAF logs there is no record of the requests the firewall blocked or let through, so attacks against the application cannot be investigated or tuned against.",
    remediation:
      "Add an `aws_wafv2_web_acl_logging_configuration` with `resource_arn = aws_wafv2_web_acl.<name>.arn` and a Firehose, S3 or CloudWatch Logs destination.",
    example:
      'resource "aws_wafv2_web_acl_logging_configuration" "main" {\n  resource_arn            = aws_wafv2_web_acl.main.arn\n  log_destination_configs = [aws_cloudwatch_log_group.waf.arn]\n}',
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "waf-logging")) {
      ctx.report({
        path,
        message: `aws_wafv2_web_acl.${resource.name} has no logging configuration`,
        at: locatedAt(resource),
      });
    }
  },
};
