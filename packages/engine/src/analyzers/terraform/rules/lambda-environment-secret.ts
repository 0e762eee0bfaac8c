import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { literalSecrets } from "../secrets.ts";

export const lambdaEnvironmentSecret: FileRule<TerraformModel> = {
  id: "terraform/lambda-environment-secret",
  analyzer: "terraform",
  title: "Secret written into a Lambda environment variable",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "An `aws_lambda_function`'s `environment { variables = { … } }` sets a variable whose name says secret " +
      "(`PASSWORD`, `SECRET`, `TOKEN`, `API_KEY`, `PRIVATE_KEY`, …) to a literal string, or any variable to a " +
      "value shaped like an AWS access key.",
    whyItMatters:
      "The value is in the repository, in the Terraform state and visible to anyone with " +
      "`lambda:GetFunctionConfiguration`.",
    remediation:
      "Store the secret in Secrets Manager or SSM Parameter Store and read it at run time (or pass only its " +
      "ARN). Values built from references (`aws_secretsmanager_secret.x.arn`, `var.x`) are not flagged.",
    example:
      'resource "aws_lambda_function" "api" {\n  environment {\n    variables = {\n      DB_PASSWORD_ARN = aws_secretsmanager_secret.db.arn\n    }\n  }\n}',
    references: [
      "https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-encryption",
    ],
  },
  check(ctx) {
    for (const fn of resources(ctx.model, "aws_lambda_function")) {
      for (const environment of children(fn, "environment")) {
        const variables = environment.attributes.get("variables");
        if (!variables) continue;
        for (const secret of literalSecrets(variables.value)) {
          ctx.report({
            message: `${addressOf(fn)} sets ${secret.name} to a literal secret`,
            at: at(secret.span),
          });
        }
      }
    }
  },
};
