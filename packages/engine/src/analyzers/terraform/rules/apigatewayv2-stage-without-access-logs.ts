import { judge, settingRule } from "../checks.ts";

export const apigatewayv2StageWithoutAccessLogs = settingRule(
  {
    id: "terraform/apigatewayv2-stage-without-access-logs",
    analyzer: "terraform",
    title: "API Gateway HTTP/WebSocket stage without access logs",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_apigatewayv2_stage` has no `access_log_settings`, so requests to the HTTP or WebSocket API are not recorded.",
      whyItMatters: "Without access logs there is no record of who called the API and with what result.",
      remediation: "Add `access_log_settings` with a CloudWatch log group as `destination_arn`.",
      example:
        'resource "aws_apigatewayv2_stage" "prod" {\n  access_log_settings {\n    destination_arn = aws_cloudwatch_log_group.api.arn\n    format          = "$context.requestId $context.identity.sourceIp $context.status"\n  }\n}',
      references: ["https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-logging.html"],
    },
  },
  {
    types: ["aws_apigatewayv2_stage"],
    path: ["access_log_settings"],
    attribute: "destination_arn",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not record access logs",
  },
);
