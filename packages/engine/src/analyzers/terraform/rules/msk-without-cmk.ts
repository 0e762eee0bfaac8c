import { judge, settingRule } from "../checks.ts";

export const mskWithoutCmk = settingRule(
  {
    id: "terraform/msk-without-cmk",
    analyzer: "terraform",
    title: "MSK cluster encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-04"],
    docs: {
      summary: "An `aws_msk_cluster` has no `encryption_info { encryption_at_rest_kms_key_arn = … }`.",
      whyItMatters:
        "Kafka topics hold the event stream of the systems around them; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `encryption_at_rest_kms_key_arn` to a customer-managed key.",
      example:
        'resource "aws_msk_cluster" "events" {\n  encryption_info {\n    encryption_at_rest_kms_key_arn = aws_kms_key.msk.arn\n  }\n}',
    },
  },
  {
    types: ["aws_msk_cluster"],
    path: ["encryption_info"],
    attribute: "encryption_at_rest_kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
