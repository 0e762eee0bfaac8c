import { lambdaWithoutDeadLetterQueue as terraformRule } from "../../terraform/rules/lambda-without-dead-letter-queue.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const lambdaWithoutDeadLetterQueue = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::Lambda::Function` has no `DeadLetterConfig.TargetArn`.",
      remediation:
        "Add `DeadLetterConfig: { TargetArn: <SQS queue or SNS topic ARN> }` (or an on-failure destination with `AWS::Lambda::EventInvokeConfig`).",
      example:
        "Worker:\n  Type: AWS::Lambda::Function\n  Properties:\n    DeadLetterConfig:\n      TargetArn: !GetAtt WorkerDlq.Arn",
    },
  }),
  {
    types: ["AWS::Lambda::Function"],
    path: ["DeadLetterConfig", "TargetArn"],
    judge: is.present,
    whenMissing: "unsafe",
    problem: "has no dead-letter queue",
  },
);
