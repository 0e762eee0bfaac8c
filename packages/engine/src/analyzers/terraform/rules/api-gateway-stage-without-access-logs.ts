import { judge, settingRule } from "../checks.ts";

export const apiGatewayStageWithoutAccessLogs = settingRule(
  {
    id: "terraform/api-gateway-stage-without-access-logs",
    analyzer: "terraform",
    title: "API Gateway REST stage without access logs",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_api_gateway_stage` has no `access_log_settings`, so requests to the API are not recorded.",
      whyItMatters:
        "Without access logs there is no record of who called the API, from where, and with what result: abuse and incidents cannot be investigated.",
      remediation:
        "Add `access_log_settings` with a CloudWatch log group (or Firehose) as `destination_arn` and a format that records the caller and the status.",
      example:
        'resource "aws_api_gateway_stage" "prod" {\n  access_log_settings {\n    destination_arn = aws_cloudwatch_log_group.api.arn\n    format          = jsonencode({ requestId = "$context.requestId", ip = "$context.identity.sourceIp", status = "$context.status" })\n  }\n}',
      references: ["https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-logging.html"],
    },
  },
  {
    types: ["aws_api_gateway_stage"],
    path: ["access_log_settings"],
    attribute: "destination_arn",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not record access logs",
  },
);
