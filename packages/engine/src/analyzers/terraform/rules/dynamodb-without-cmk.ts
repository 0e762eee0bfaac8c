import { judge, settingRule } from "../checks.ts";

export const dynamodbWithoutCmk = settingRule(
  {
    id: "terraform/dynamodb-without-cmk",
    analyzer: "terraform",
    title: "DynamoDB table not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_dynamodb_table` has no `server_side_encryption { kms_key_arn = … }`, so it uses an AWS-owned or AWS-managed key.",
      whyItMatters:
        "With an AWS-owned key the table's encryption is invisible to you and cannot be audited or revoked; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Add `server_side_encryption { enabled = true, kms_key_arn = <customer-managed key> }`.",
      example:
        'resource "aws_dynamodb_table" "orders" {\n  server_side_encryption {\n    enabled     = true\n    kms_key_arn = aws_kms_key.dynamodb.arn\n  }\n}',
    },
  },
  {
    types: ["aws_dynamodb_table"],
    path: ["server_side_encryption"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
