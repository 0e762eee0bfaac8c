import { kinesisStreamWithAwsManagedKey as terraformRule } from "../../terraform/rules/kinesis-stream-with-aws-managed-key.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const kinesisStreamWithAwsManagedKey = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::Kinesis::Stream` sets `StreamEncryption.KeyId` to the AWS-managed `alias/aws/kinesis` (a stream without encryption is reported by `unencrypted-kinesis-stream`).",
      remediation: "Set `StreamEncryption: { EncryptionType: KMS, KeyId: <customer-managed key> }`.",
      example:
        "Stream:\n  Type: AWS::Kinesis::Stream\n  Properties:\n    StreamEncryption:\n      EncryptionType: KMS\n      KeyId: !Ref StreamKey",
    },
  }),
  {
    types: ["AWS::Kinesis::Stream"],
    path: ["StreamEncryption", "KeyId"],
    judge: is.customerManagedKey,
    whenMissing: "safe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
