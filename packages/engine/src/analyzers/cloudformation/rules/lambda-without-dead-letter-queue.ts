import { childOf } from "../../../parse/yaml-tree.ts";
import { lambdaWithoutDeadLetterQueue as terraformRule } from "../../terraform/rules/lambda-without-dead-letter-queue.ts";
import { type CfnModel, intrinsicOf, lookup, resourcesOfType, stringValue } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

/** Functions an `AWS::Lambda::EventInvokeConfig` gives an on-failure destination (by `!Ref` or literal name). */
const withFailureDestination = new WeakMap<CfnModel, Set<string>>();

function failureDestinations(model: CfnModel): Set<string> {
  const cached = withFailureDestination.get(model);
  if (cached) return cached;
  const names = new Set<string>();
  for (const config of resourcesOfType(model, "AWS::Lambda::EventInvokeConfig")) {
    if (lookup(config.properties, "DestinationConfig", "OnFailure").state === "absent") continue;
    const target = childOf(config.properties, "FunctionName");
    const call = intrinsicOf(target);
    if (call?.name === "Ref" && call.argument.kind === "scalar") names.add(String(call.argument.value));
    else {
      const literal = stringValue(model, target);
      // A name or ARN we cannot match to a logical id: any function may be it.
      names.add(literal === undefined ? "*" : literal);
    }
  }
  withFailureDestination.set(model, names);
  return names;
}

function hasFailureDestination(model: CfnModel, logicalId: string, name: string | undefined): boolean {
  const names = failureDestinations(model);
  if (names.has("*") || names.has(logicalId)) return true;
  // A literal: this function's name, or an ARN, which may name it by a name CloudFormation generated.
  return [...names].some((entry) => entry === name || entry.includes(":function:"));
}

export const lambdaWithoutDeadLetterQueue = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::Lambda::Function` has no `DeadLetterConfig.TargetArn` (a SAM `AWS::Serverless::Function` no `DeadLetterQueue`), and no `AWS::Lambda::EventInvokeConfig` gives it an on-failure destination.",
      remediation:
        "Add `DeadLetterConfig: { TargetArn: <SQS queue or SNS topic ARN> }` (or an on-failure destination with `AWS::Lambda::EventInvokeConfig`).",
      example:
        "Worker:\n  Type: AWS::Lambda::Function\n  Properties:\n    DeadLetterConfig:\n      TargetArn: !GetAtt WorkerDlq.Arn",
    },
  }),
  [
    {
      types: ["AWS::Lambda::Function"],
      path: ["DeadLetterConfig", "TargetArn"],
      judge: is.present,
      whenMissing: "unsafe",
      problem: "has no dead-letter queue",
      exempt: (model, fn) =>
        hasFailureDestination(
          model,
          fn.logicalId,
          stringValue(model, childOf(fn.properties, "FunctionName")),
        ),
    },
    {
      types: ["AWS::Serverless::Function"],
      path: ["DeadLetterQueue"],
      judge: is.present,
      whenMissing: "unsafe",
      problem: "has no dead-letter queue",
      // SAM's own on-failure destination, the Globals' dead-letter queue, or a separate invoke config.
      exempt: (model, fn) =>
        lookup(fn.properties, "EventInvokeConfig", "DestinationConfig", "OnFailure").state !== "absent" ||
        childOf(childOf(model.globals, "Function"), "DeadLetterQueue") !== undefined ||
        hasFailureDestination(
          model,
          fn.logicalId,
          stringValue(model, childOf(fn.properties, "FunctionName")),
        ),
    },
  ],
);
