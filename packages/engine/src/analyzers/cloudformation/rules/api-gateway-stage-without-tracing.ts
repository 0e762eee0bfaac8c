import { childOf } from "../../../parse/yaml-tree.ts";
import { apiGatewayStageWithoutTracing as terraformRule } from "../../terraform/rules/api-gateway-stage-without-tracing.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const apiGatewayStageWithoutTracing = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ApiGateway::Stage` (or SAM `AWS::Serverless::Api`, unless `Globals.Api` sets it) does not set `TracingEnabled: true` (the default is off).",
      remediation: "Set `TracingEnabled: true` on the stage.",
      example: "Prod:\n  Type: AWS::ApiGateway::Stage\n  Properties:\n    TracingEnabled: true",
    },
  }),
  [
    {
      types: ["AWS::ApiGateway::Stage"],
      path: ["TracingEnabled"],
      judge: is.boolean(true),
      whenMissing: "unsafe",
      problem: "does not trace requests with X-Ray",
    },
    {
      types: ["AWS::Serverless::Api"],
      path: ["TracingEnabled"],
      judge: is.boolean(true),
      whenMissing: "unsafe",
      problem: "does not trace requests with X-Ray",
      // Globals decide for every API that does not set it itself.
      exempt: (model, resource) =>
        childOf(childOf(model.globals, "Api"), "TracingEnabled") !== undefined &&
        childOf(resource.properties, "TracingEnabled") === undefined,
    },
  ],
);
