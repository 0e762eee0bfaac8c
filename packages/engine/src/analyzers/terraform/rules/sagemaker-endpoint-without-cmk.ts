import { judge, settingRule } from "../checks.ts";

export const sagemakerEndpointWithoutCmk = settingRule(
  {
    id: "terraform/sagemaker-endpoint-without-cmk",
    analyzer: "terraform",
    title: "SageMaker endpoint storage not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary:
        "An `aws_sagemaker_endpoint_configuration` has no `kms_key_arn` for the volumes of its hosting instances.",
      whyItMatters:
        "Model artifacts and request data are stored on the hosting volumes; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_arn` to a customer-managed key.",
      example:
        'resource "aws_sagemaker_endpoint_configuration" "model" {\n  kms_key_arn = aws_kms_key.sagemaker.arn\n}',
    },
  },
  {
    types: ["aws_sagemaker_endpoint_configuration"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
