import { judge, settingRule } from "../checks.ts";

export const sagemakerDomainWithoutCmk = settingRule(
  {
    id: "terraform/sagemaker-domain-without-cmk",
    analyzer: "terraform",
    title: "SageMaker domain not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_sagemaker_domain` has no `kms_key_id` for its EFS home directories.",
      whyItMatters:
        "Studio home directories hold every user's notebooks and data; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_id` to a customer-managed key.",
      example: 'resource "aws_sagemaker_domain" "studio" {\n  kms_key_id = aws_kms_key.sagemaker.arn\n}',
    },
  },
  {
    types: ["aws_sagemaker_domain"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
