import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

const SETTING: Record<string, string> = {
  "AWS::ApiGateway::Stage": "AccessLogSetting",
  "AWS::ApiGatewayV2::Stage": "AccessLogSettings",
  "AWS::Serverless::Api": "AccessLogSetting",
  "AWS::Serverless::HttpApi": "AccessLogSettings",
};

export const apiGatewayStageWithoutAccessLogs = defineFileRule<CfnModel>({
  id: "cloudformation/api-gateway-stage-without-access-logs",
  analyzer: "cloudformation",
  title: "API Gateway stage without access logging",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An API Gateway stage (`AWS::ApiGateway::Stage`, `AWS::ApiGatewayV2::Stage`, SAM `Api`/`HttpApi`) has no access log setting.",
    whyItMatters:
      "Who called which route, from where and with what result is not recorded; abuse goes unseen.",
    remediation:
      "Add `AccessLogSetting` (v2: `AccessLogSettings`) with a CloudWatch Logs destination and a format.",
    example:
      "Stage:\n  Type: AWS::ApiGateway::Stage\n  Properties:\n    AccessLogSetting:\n      DestinationArn: !GetAtt AccessLogs.Arn\n      Format: $context.requestId $context.identity.sourceIp $context.status",
    references: ["https://docs.aws.amazon.com/apigateway/latest/developerguide/set-up-logging.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, ...Object.keys(SETTING))) {
      const key = SETTING[resource.type]!;
      if (lookup(resource.properties, key).state !== "absent") continue;
      if (resource.type.startsWith("AWS::Serverless::") && childOf(childOf(ctx.model.globals, "Api"), key))
        continue;
      ctx.report({
        message: `${resource.logicalId}: no ${key}; requests are not logged`,
        at: resourceSpan(resource),
      });
    }
  },
});
