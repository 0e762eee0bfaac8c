import { judge, nested, settingRule } from "../checks.ts";

export const lambdaEnvironmentWithoutCmk = settingRule(
  {
    id: "terraform/lambda-environment-without-cmk",
    analyzer: "terraform",
    title: "Lambda environment variables encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_lambda_function` with `environment` variables has no `kms_key_arn`.",
      whyItMatters:
        "Environment variables often carry connection strings and tokens, readable by anyone allowed `lambda:GetFunctionConfiguration`; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_arn` to a customer-managed key (better: keep secrets in Secrets Manager and read them at run time).",
      example:
        'resource "aws_lambda_function" "api" {\n  kms_key_arn = aws_kms_key.lambda.arn\n  environment {\n    variables = { STAGE = "prod" }\n  }\n}',
    },
  },
  {
    types: ["aws_lambda_function"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (_model, resource) => nested(resource, ["environment"]) === undefined,
  },
);
