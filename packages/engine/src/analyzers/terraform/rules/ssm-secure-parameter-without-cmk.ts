import { judge, setting, settingRule } from "../checks.ts";

export const ssmSecureParameterWithoutCmk = settingRule(
  {
    id: "terraform/ssm-secure-parameter-without-cmk",
    analyzer: "terraform",
    title: "SSM SecureString parameter encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_ssm_parameter` of type `SecureString` has no `key_id`, so it uses the AWS-managed `aws/ssm` key.",
      whyItMatters:
        "Anyone in the account allowed to read the parameter can decrypt it; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `key_id` to a customer-managed key.",
      example:
        'resource "aws_ssm_parameter" "token" {\n  type   = "SecureString"\n  key_id = aws_kms_key.ssm.arn\n}',
    },
  },
  {
    types: ["aws_ssm_parameter"],
    attribute: "key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) => {
      const type = setting(model, resource, "type");
      return !(type.state === "known" && type.value === "SecureString");
    },
  },
);
