import { judge, settingRule } from "../checks.ts";

export const sagemakerNotebookWithoutCmk = settingRule(
  {
    id: "terraform/sagemaker-notebook-without-cmk",
    analyzer: "terraform",
    title: "SageMaker notebook storage not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-03"],
    docs: {
      summary: "An `aws_sagemaker_notebook_instance` has no `kms_key_id` for its ML storage volume.",
      whyItMatters:
        "Notebook volumes hold datasets, credentials and the outputs of experiments; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_id` to a customer-managed key.",
      example:
        'resource "aws_sagemaker_notebook_instance" "lab" {\n  kms_key_id = aws_kms_key.sagemaker.arn\n}',
    },
  },
  {
    types: ["aws_sagemaker_notebook_instance"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
