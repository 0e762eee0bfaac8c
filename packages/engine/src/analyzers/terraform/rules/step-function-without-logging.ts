import { judge, settingRule } from "../checks.ts";

export const stepFunctionWithoutLogging = settingRule(
  {
    id: "terraform/step-function-without-logging",
    analyzer: "terraform",
    title: "Step Functions state machine without execution logging",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_sfn_state_machine` has no `logging_configuration`, or sets its `level` to `OFF` (the default).",
      whyItMatters:
        "Without execution history in CloudWatch Logs, failed or abused workflow runs cannot be investigated once the short console history is gone.",
      remediation:
        'Add `logging_configuration { level = "ERROR", include_execution_data = true, log_destination = "<log group arn>:*" }`.',
      example:
        'resource "aws_sfn_state_machine" "flow" {\n  logging_configuration {\n    log_destination        = "arn:aws:logs:eu-west-1:111122223333:log-group:flow:*"\n    include_execution_data = true\n    level                  = "ERROR"\n  }\n}',
    },
  },
  {
    types: ["aws_sfn_state_machine"],
    path: ["logging_configuration"],
    attribute: "level",
    judge: judge.oneOf("ALL", "ERROR", "FATAL"),
    whenMissing: "unsafe",
    problem: "does not log executions",
  },
);
