import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const apiGatewayStageWithoutWaf: ProjectRule<TerraformSummary> = {
  id: "terraform/api-gateway-stage-without-waf",
  analyzer: "terraform",
  title: "API Gateway stage without a WAF web ACL",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [693],
  controls: ["IAC-NET-05"],
  docs: {
    summary:
      "An `aws_api_gateway_stage` has no `aws_wafv2_web_acl_association` (or regional WAF association) whose `resource_arn` names it anywhere in its module.",
    whyItMatters:
      "A REST API stage without a web ACL passes every request to its integrations, including injection payloads, scanners and floods that managed rule groups and rate rules would stop.",
    remediation:
      "Associate a web ACL: `aws_wafv2_web_acl_association { resource_arn = aws_api_gateway_stage.<name>.arn, web_acl_arn = … }`. Private APIs can be suppressed; a stage handed to a module call, or named through a variable or a literal ARN, is not reported.",
    example:
      'resource "aws_wafv2_web_acl_association" "api" {\n  resource_arn = aws_api_gateway_stage.prod.arn\n  web_acl_arn  = aws_wafv2_web_acl.main.arn\n}',
    references: [
      "https://docs.aws.amazon.com/apigateway/latest/developerguide/apigateway-control-access-aws-waf.html",
    ],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "api-gateway-stage-waf")) {
      ctx.report({
        path,
        message: `aws_api_gateway_stage.${resource.name} has no WAF web ACL associated`,
        at: locatedAt(resource),
      });
    }
  },
};
