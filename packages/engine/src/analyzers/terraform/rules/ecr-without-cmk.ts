import { judge, settingRule } from "../checks.ts";

export const ecrWithoutCmk = settingRule(
  {
    id: "terraform/ecr-without-cmk",
    analyzer: "terraform",
    title: "ECR repository not encrypted with KMS",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        'An `aws_ecr_repository` has no `encryption_configuration { encryption_type = "KMS" }` (the default is AES256 with an AWS-owned key).',
      whyItMatters:
        "Images carry code, configuration and at times secrets; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        'Add `encryption_configuration { encryption_type = "KMS", kms_key = <customer-managed key> }`.',
      example:
        'resource "aws_ecr_repository" "app" {\n  encryption_configuration {\n    encryption_type = "KMS"\n    kms_key         = aws_kms_key.ecr.arn\n  }\n}',
    },
  },
  {
    types: ["aws_ecr_repository"],
    path: ["encryption_configuration"],
    attribute: "encryption_type",
    judge: judge.oneOf("KMS", "KMS_DSSE"),
    whenMissing: "unsafe",
    problem: "is not encrypted with a KMS key",
  },
);
