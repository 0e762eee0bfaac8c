import type { ProjectRule } from "../../../rule.ts";
import { locatedAt, unjoined } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const apiGatewayStageWithoutExecutionLogging: ProjectRule<TerraformSummary> = {
  id: "terraform/api-gateway-stage-without-execution-logging",
  analyzer: "terraform",
  title: "API Gateway stage without method settings for execution logging",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_api_gateway_stage` is named by no `aws_api_gateway_method_settings` (`stage_name`) anywhere in its module, so API Gateway writes no execution logs for it (the logging level of settings that exist is judged by `api-gateway-execution-logging-disabled`).",
    whyItMatters:
      "Execution logs show authorizer decisions, integration errors and throttling; without them failed and rejected calls leave no trace.",
    remediation:
      'Add `aws_api_gateway_method_settings { rest_api_id = …, stage_name = aws_api_gateway_stage.<name>.stage_name, method_path = "*/*", settings { logging_level = "ERROR" } }`. A stage handed to a module call, or named through a variable, is not reported.',
    example:
      'resource "aws_api_gateway_method_settings" "all" {\n  rest_api_id = aws_api_gateway_rest_api.api.id\n  stage_name  = aws_api_gateway_stage.prod.stage_name\n  method_path = "*/*"\n  settings {\n    logging_level = "ERROR"\n  }\n}',
    references: ["https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-logging.html"],
  },
  check(ctx) {
    for (const { path, resource } of unjoined(ctx, "api-gateway-stage-method-settings")) {
      ctx.report({
        path,
        message: `aws_api_gateway_stage.${resource.name} writes no execution logs (no method settings)`,
        at: locatedAt(resource),
      });
    }
  },
};
