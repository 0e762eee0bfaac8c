import { judge, settingRule } from "../checks.ts";

export const stepFunctionWithoutTracing = settingRule(
  {
    id: "terraform/step-function-without-tracing",
    analyzer: "terraform",
    title: "Step Functions state machine without X-Ray tracing",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_sfn_state_machine` does not set `tracing_configuration { enabled = true }`.",
      whyItMatters:
        "Without traces a workflow run cannot be followed through the services it calls when investigating an error or abuse.",
      remediation: "Add `tracing_configuration { enabled = true }`.",
      example:
        'resource "aws_sfn_state_machine" "flow" {\n  tracing_configuration {\n    enabled = true\n  }\n}',
    },
  },
  {
    types: ["aws_sfn_state_machine"],
    path: ["tracing_configuration"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not trace executions with X-Ray",
    fixValue: "true",
  },
);
