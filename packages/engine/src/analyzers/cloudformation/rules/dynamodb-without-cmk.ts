import { dynamodbWithoutCmk as terraformRule } from "../../terraform/rules/dynamodb-without-cmk.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const dynamodbWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::DynamoDB::Table` has no `SSESpecification.KMSMasterKeyId` (the table uses an AWS-owned or AWS-managed key), or names an `alias/aws/…` key.",
      remediation:
        "Set `SSESpecification: { SSEEnabled: true, SSEType: KMS, KMSMasterKeyId: <customer-managed key> }`.",
      example:
        "Table:\n  Type: AWS::DynamoDB::Table\n  Properties:\n    SSESpecification:\n      SSEEnabled: true\n      SSEType: KMS\n      KMSMasterKeyId: !Ref TableKey",
    },
  }),
  {
    types: ["AWS::DynamoDB::Table"],
    path: ["SSESpecification", "KMSMasterKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
