import { sqsWithoutCmk as terraformRule } from "../../terraform/rules/sqs-without-cmk.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const sqsWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::SQS::Queue` has no `KmsMasterKeyId`, or names the AWS-managed `alias/aws/sqs`.",
      remediation:
        "Set `KmsMasterKeyId` to a customer-managed key whose policy lets the producers (and SNS/EventBridge, if they send) use it.",
      example: "Queue:\n  Type: AWS::SQS::Queue\n  Properties:\n    KmsMasterKeyId: !Ref QueueKey",
    },
  }),
  {
    types: ["AWS::SQS::Queue"],
    path: ["KmsMasterKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
