import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const dynamodbTableWithoutPitr = defineFileRule<CfnModel>({
  id: "cloudformation/dynamodb-table-without-pitr",
  analyzer: "cloudformation",
  title: "DynamoDB table without point-in-time recovery",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["IAC-BAK-01"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::DynamoDB::Table` does not set `PointInTimeRecoverySpecification.PointInTimeRecoveryEnabled: true`. (Encryption at rest is always on in DynamoDB, so it is not checked.)",
    whyItMatters:
      "A bad deploy or a script that overwrites items cannot be rolled back to the minute before.",
    remediation: "Enable point-in-time recovery.",
    example:
      "Table:\n  Type: AWS::DynamoDB::Table\n  Properties:\n    PointInTimeRecoverySpecification:\n      PointInTimeRecoveryEnabled: true",
    references: ["https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/PointInTimeRecovery.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::DynamoDB::Table")) {
      expectBoolean(ctx, resource, {
        path: ["PointInTimeRecoverySpecification", "PointInTimeRecoveryEnabled"],
        want: true,
        absentIsUnsafe: true,
        missing: "point-in-time recovery is not enabled",
        wrong: "PointInTimeRecoveryEnabled is false",
        fix: true,
      });
    }
  },
});
