import { secretsmanagerSecretWithoutCmk as terraformRule } from "../../terraform/rules/secretsmanager-secret-without-cmk.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const secretsmanagerSecretWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::SecretsManager::Secret` has no `KmsKeyId` (it uses the AWS-managed `aws/secretsmanager` key), or names an `alias/aws/…` key.",
      remediation:
        "Set `KmsKeyId` to a customer-managed key, and grant `kms:Decrypt` only to the readers of the secret.",
      example: "Secret:\n  Type: AWS::SecretsManager::Secret\n  Properties:\n    KmsKeyId: !Ref SecretsKey",
    },
  }),
  {
    types: ["AWS::SecretsManager::Secret"],
    path: ["KmsKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
