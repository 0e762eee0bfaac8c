import { judge, settingRule } from "../checks.ts";

export const lambdaWithoutTracing = settingRule(
  {
    id: "terraform/lambda-without-tracing",
    analyzer: "terraform",
    title: "Lambda function without X-Ray tracing",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'An `aws_lambda_function` has no `tracing_config { mode = "Active" }`.',
      whyItMatters:
        "Without traces, a slow or failing invocation chain (and abuse of a function) is hard to follow across services.",
      remediation: 'Add `tracing_config { mode = "Active" }` and allow the function role to write to X-Ray.',
      example: 'resource "aws_lambda_function" "api" {\n  tracing_config {\n    mode = "Active"\n  }\n}',
      references: ["https://docs.aws.amazon.com/lambda/latest/dg/services-xray.html"],
    },
  },
  {
    types: ["aws_lambda_function"],
    path: ["tracing_config"],
    attribute: "mode",
    judge: judge.oneOf("Active"),
    whenMissing: "unsafe",
    problem: "is not traced with X-Ray",
    fixValue: '"Active"',
  },
);
