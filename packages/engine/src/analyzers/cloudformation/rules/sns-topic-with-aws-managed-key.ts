import { snsTopicWithAwsManagedKey as terraformRule } from "../../terraform/rules/sns-topic-with-aws-managed-key.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const snsTopicWithAwsManagedKey = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::SNS::Topic` sets `KmsMasterKeyId` to the AWS-managed `alias/aws/sns` (a topic without a key is reported by `unencrypted-sns-topic`).",
      remediation:
        "Set `KmsMasterKeyId` to a customer-managed key whose policy lets the publishing services use it.",
      example: "Topic:\n  Type: AWS::SNS::Topic\n  Properties:\n    KmsMasterKeyId: !Ref TopicKey",
    },
  }),
  {
    types: ["AWS::SNS::Topic"],
    path: ["KmsMasterKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "safe",
    problem: "is encrypted with the AWS-managed key, not a customer-managed one",
  },
);
