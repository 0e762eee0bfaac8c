import { judge, settingRule } from "../checks.ts";

export const dynamodbWithoutPointInTimeRecovery = settingRule(
  {
    id: "terraform/dynamodb-without-point-in-time-recovery",
    analyzer: "terraform",
    title: "DynamoDB table without point-in-time recovery",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "An `aws_dynamodb_table` has no `point_in_time_recovery { enabled = true }`.",
      whyItMatters:
        "Without continuous backups a bad deploy or a bulk delete cannot be rolled back to the second " +
        "before it happened.",
      remediation: "Add `point_in_time_recovery { enabled = true }`.",
      example:
        'resource "aws_dynamodb_table" "orders" {\n  point_in_time_recovery {\n    enabled = true\n  }\n}',
      references: [
        "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/PointInTimeRecovery.html",
      ],
    },
  },
  {
    types: ["aws_dynamodb_table"],
    path: ["point_in_time_recovery"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "has point-in-time recovery off",
    fixValue: "true",
  },
);
