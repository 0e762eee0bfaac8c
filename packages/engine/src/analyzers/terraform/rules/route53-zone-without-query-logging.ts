import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const route53ZoneWithoutQueryLogging: ProjectRule<TerraformSummary> = {
  id: "terraform/route53-zone-without-query-logging",
  analyzer: "terraform",
  title: "Public Route 53 zone without query logging",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary: "A public `aws_route53_zone` has no `aws_route53_query_log` naming it anywhere in its module.",
    whyItMatters:
      "DNS query logs show who resolved which names of the domain, useful to spot reconnaissance, abuse and data sent out over DNS.",
    remediation:
      "Add an `aws_route53_query_log` with `zone_id = aws_route53_zone.<name>.zone_id` and a log group in us-east-1. Private zones (with a `vpc` block) log through Resolver query logging and are not flagged.",
    example:
      'resource "aws_route53_query_log" "example" {\n  zone_id                  = aws_route53_zone.example.zone_id\n  cloudwatch_log_group_arn = aws_cloudwatch_log_group.dns.arn\n}',
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "route53-query-logging")) {
      ctx.report({
        path,
        message: `aws_route53_zone.${resource.name} does not log DNS queries`,
        at: locatedAt(resource),
      });
    }
  },
};
