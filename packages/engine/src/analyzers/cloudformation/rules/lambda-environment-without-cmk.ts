import { childOf } from "../../../parse/yaml-tree.ts";
import { lambdaEnvironmentWithoutCmk as terraformRule } from "../../terraform/rules/lambda-environment-without-cmk.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const lambdaEnvironmentWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::Lambda::Function` with `Environment` variables has no `KmsKeyArn`, so they are encrypted with the AWS-managed key.",
      remediation:
        "Set `KmsKeyArn` to a customer-managed key (better: keep secrets in Secrets Manager and pass their ARN).",
      example:
        "Worker:\n  Type: AWS::Lambda::Function\n  Properties:\n    KmsKeyArn: !GetAtt FunctionKey.Arn\n    Environment:\n      Variables:\n        STAGE: prod",
    },
  }),
  {
    types: ["AWS::Lambda::Function"],
    path: ["KmsKeyArn"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (_model, resource) => childOf(resource.properties, "Environment") === undefined,
  },
);
