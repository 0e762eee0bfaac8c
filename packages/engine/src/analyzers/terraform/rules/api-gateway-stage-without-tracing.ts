import { judge, settingRule } from "../checks.ts";

export const apiGatewayStageWithoutTracing = settingRule(
  {
    id: "terraform/api-gateway-stage-without-tracing",
    analyzer: "terraform",
    title: "API Gateway REST stage without X-Ray tracing",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_api_gateway_stage` does not set `xray_tracing_enabled = true` (the default is off).",
      whyItMatters:
        "Without traces a request cannot be followed from the API into the services behind it when investigating an error or an abuse.",
      remediation: "Set `xray_tracing_enabled = true` on the stage.",
      example: 'resource "aws_api_gateway_stage" "prod" {\n  xray_tracing_enabled = true\n}',
    },
  },
  {
    types: ["aws_api_gateway_stage"],
    attribute: "xray_tracing_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not trace requests with X-Ray",
    fixValue: "true",
  },
);
