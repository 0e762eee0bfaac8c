import { cloudwatchLogGroupWithoutKms as terraformRule } from "../../terraform/rules/cloudwatch-log-group-without-kms.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const cloudwatchLogGroupWithoutKms = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::Logs::LogGroup` has no `KmsKeyId`.",
      remediation:
        "Set `KmsKeyId` to a customer-managed key whose policy lets the `logs.<region>.amazonaws.com` service use it.",
      example: "Logs:\n  Type: AWS::Logs::LogGroup\n  Properties:\n    KmsKeyId: !GetAtt LogsKey.Arn",
    },
  }),
  {
    types: ["AWS::Logs::LogGroup"],
    path: ["KmsKeyId"],
    judge: is.present,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
