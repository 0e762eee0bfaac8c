import { judge, settingRule } from "../checks.ts";

export const apiGatewayExecutionLoggingDisabled = settingRule(
  {
    id: "terraform/api-gateway-execution-logging-disabled",
    analyzer: "terraform",
    title: "API Gateway execution logging turned off",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_api_gateway_method_settings` leaves `settings.logging_level` unset or `OFF`, so API Gateway writes no execution logs for the stage.",
      whyItMatters:
        "Execution logs show authorizer decisions, integration errors and throttling; without them failed and rejected calls leave no trace.",
      remediation: 'Set `logging_level = "ERROR"` (or `"INFO"`) in the method settings of every stage.',
      example:
        'resource "aws_api_gateway_method_settings" "all" {\n  method_path = "*/*"\n  settings {\n    logging_level = "ERROR"\n  }\n}',
    },
  },
  {
    types: ["aws_api_gateway_method_settings"],
    path: ["settings"],
    attribute: "logging_level",
    judge: judge.oneOf("ERROR", "INFO"),
    whenMissing: "unsafe",
    problem: "does not write execution logs",
  },
);
