import { judge, settingRule } from "../checks.ts";

// Runtimes past their deprecation date, from the "Deprecated runtimes" table of the Lambda
// developer guide (see references).
const DEPRECATED = [
  "python2.7",
  "python3.6",
  "python3.7",
  "python3.8",
  "nodejs",
  "nodejs4.3",
  "nodejs4.3-edge",
  "nodejs6.10",
  "nodejs8.10",
  "nodejs10.x",
  "nodejs12.x",
  "nodejs14.x",
  "nodejs16.x",
  "java8",
  "dotnetcore1.0",
  "dotnetcore2.0",
  "dotnetcore2.1",
  "dotnetcore3.1",
  "dotnet5.0",
  "dotnet6",
  "ruby2.5",
  "ruby2.7",
  "go1.x",
  "provided",
];

export const lambdaDeprecatedRuntime = settingRule(
  {
    id: "terraform/lambda-deprecated-runtime",
    analyzer: "terraform",
    title: "Lambda function on a deprecated runtime",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "An `aws_lambda_function` uses a `runtime` AWS has deprecated (no more security patches).",
      whyItMatters:
        "A deprecated runtime no longer receives security fixes for the language or OS, and functions on it can soon no longer be updated.",
      remediation:
        "Move to a supported runtime of the same language (e.g. `python3.12`, `nodejs20.x`, `java21`).",
      example: 'resource "aws_lambda_function" "api" {\n  runtime = "python3.12"\n}',
      references: ["https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtimes.html"],
    },
  },
  {
    types: ["aws_lambda_function"],
    attribute: "runtime",
    judge: judge.noneOf(...DEPRECATED),
    whenMissing: "safe",
    problem: "uses a deprecated runtime",
  },
);
