import { judge, settingRule } from "../checks.ts";

export const secretsmanagerSecretWithoutCmk = settingRule(
  {
    id: "terraform/secretsmanager-secret-without-cmk",
    analyzer: "terraform",
    title: "Secrets Manager secret encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_secretsmanager_secret` has no `kms_key_id`, so it uses the AWS-managed `aws/secretsmanager` key.",
      whyItMatters:
        "Anyone in the account allowed `secretsmanager:GetSecretValue` can read it, and it cannot be shared to another account; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key and grant decrypt only to the readers of the secret.",
      example: 'resource "aws_secretsmanager_secret" "db" {\n  kms_key_id = aws_kms_key.secrets.arn\n}',
    },
  },
  {
    types: ["aws_secretsmanager_secret"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
