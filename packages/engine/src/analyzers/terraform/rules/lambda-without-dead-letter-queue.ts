import { judge, settingRule } from "../checks.ts";

export const lambdaWithoutDeadLetterQueue = settingRule(
  {
    id: "terraform/lambda-without-dead-letter-queue",
    analyzer: "terraform",
    title: "Lambda function without a dead-letter queue",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-MON-01"],
    docs: {
      summary: "An `aws_lambda_function` has no `dead_letter_config { target_arn = … }`.",
      whyItMatters:
        "Events from asynchronous invocations that keep failing are dropped after the retries, without a trace to investigate or replay.",
      remediation:
        "Add `dead_letter_config { target_arn = <SQS queue or SNS topic> }` (or an on-failure destination with `aws_lambda_function_event_invoke_config`).",
      example:
        'resource "aws_lambda_function" "worker" {\n  dead_letter_config {\n    target_arn = aws_sqs_queue.worker_dlq.arn\n  }\n}',
    },
  },
  {
    types: ["aws_lambda_function"],
    path: ["dead_letter_config"],
    attribute: "target_arn",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "has no dead-letter queue",
  },
);
