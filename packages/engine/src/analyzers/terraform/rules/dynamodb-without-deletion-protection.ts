import { judge, settingRule } from "../checks.ts";

export const dynamodbWithoutDeletionProtection = settingRule(
  {
    id: "terraform/dynamodb-without-deletion-protection",
    analyzer: "terraform",
    title: "DynamoDB table without deletion protection",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `aws_dynamodb_table` does not set `deletion_protection_enabled = true` (the default is off).",
      whyItMatters:
        "A mistaken destroy or a replacement forced by a changed key schema deletes the table and its data at once.",
      remediation: "Set `deletion_protection_enabled = true`.",
      example: 'resource "aws_dynamodb_table" "orders" {\n  deletion_protection_enabled = true\n}',
    },
  },
  {
    types: ["aws_dynamodb_table"],
    attribute: "deletion_protection_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be deleted without protection",
    fixValue: "true",
  },
);
