import { childOf } from "../../../parse/yaml-tree.ts";
import { apiGatewayExecutionLoggingDisabled as terraformRule } from "../../terraform/rules/api-gateway-execution-logging-disabled.ts";
import { itemsOf, stringValue, UNKNOWN } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

const LOGGING = new Set(["ERROR", "INFO"]);

export const apiGatewayExecutionLoggingDisabled = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ApiGateway::Stage` has no `MethodSettings` entry with `LoggingLevel: ERROR` or `INFO`, so API Gateway writes no execution logs for it.",
      remediation:
        'Add `MethodSettings: [{ ResourcePath: "/*", HttpMethod: "*", LoggingLevel: ERROR }]` (the account needs an API Gateway CloudWatch role).',
      example:
        'Prod:\n  Type: AWS::ApiGateway::Stage\n  Properties:\n    MethodSettings:\n      - ResourcePath: "/*"\n        HttpMethod: "*"\n        LoggingLevel: ERROR',
    },
  }),
  {
    types: ["AWS::ApiGateway::Stage"],
    path: ["MethodSettings"],
    judge: (model, settings) => {
      const items = itemsOf(settings);
      if (items === UNKNOWN) return "unknown";
      let unreadable = false;
      for (const item of items) {
        const level = childOf(item, "LoggingLevel");
        if (level === undefined) continue;
        const text = stringValue(model, level);
        if (text === undefined) unreadable = true;
        else if (LOGGING.has(text.toUpperCase())) return "safe";
      }
      return unreadable ? "unknown" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "does not write execution logs",
  },
);
