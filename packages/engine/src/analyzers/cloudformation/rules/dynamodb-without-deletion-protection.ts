import { dynamodbWithoutDeletionProtection as terraformRule } from "../../terraform/rules/dynamodb-without-deletion-protection.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const dynamodbWithoutDeletionProtection = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::DynamoDB::Table` does not set `DeletionProtectionEnabled: true`.",
      remediation: "Set `DeletionProtectionEnabled: true` (and a `DeletionPolicy: Retain` on the resource).",
      example:
        "Table:\n  Type: AWS::DynamoDB::Table\n  DeletionPolicy: Retain\n  Properties:\n    DeletionProtectionEnabled: true",
    },
  }),
  {
    types: ["AWS::DynamoDB::Table"],
    path: ["DeletionProtectionEnabled"],
    judge: is.boolean(true),
    whenMissing: "unsafe",
    problem: "can be deleted without protection",
  },
);
