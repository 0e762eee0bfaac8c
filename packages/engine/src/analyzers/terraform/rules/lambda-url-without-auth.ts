import { judge, settingRule } from "../checks.ts";

export const lambdaUrlWithoutAuth = settingRule(
  {
    id: "terraform/lambda-url-without-auth",
    analyzer: "terraform",
    title: "Lambda function URL without authentication",
    severity: "high",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [306],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'An `aws_lambda_function_url` sets `authorization_type = "NONE"`, so anyone on the internet can invoke the function.',
      whyItMatters:
        "The function runs with its role's permissions for every anonymous caller; a bug or an expensive code path becomes a public attack surface.",
      remediation:
        'Use `authorization_type = "AWS_IAM"`, or put the function behind API Gateway with an authorizer. If the endpoint is public by design (a webhook), validate a signature in the function and suppress this finding with that reason.',
      example: 'resource "aws_lambda_function_url" "api" {\n  authorization_type = "AWS_IAM"\n}',
      references: ["https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html"],
    },
  },
  {
    types: ["aws_lambda_function_url"],
    attribute: "authorization_type",
    judge: judge.noneOf("NONE"),
    whenMissing: "safe",
    problem: "lets anyone invoke the function without authentication",
  },
);
