import { childOf, type YamlNode } from "../../../parse/yaml-tree.ts";
import { sqsQueueWithoutDeadLetterQueue as terraformRule } from "../../terraform/rules/sqs-queue-without-dead-letter-queue.ts";
import { type CfnModel, intrinsicOf, stringValue } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

/** Names that say a queue is itself a dead-letter queue. */
const DEAD_LETTER_NAME = /(^|[-_.])(dlq|deadletter|dead-letter|dead_letter|dlx)([-_.]|$)|dlq$/i;

/** Properties through which a resource sends its failures to a queue. */
const DEAD_LETTER_KEYS = new Set(["RedrivePolicy", "DeadLetterConfig", "DeadLetterQueue", "OnFailure"]);

const targetsByModel = new WeakMap<CfnModel, Set<string>>();

/** Logical ids referenced (`!Ref`, `!GetAtt`, `!Sub`) under any dead-letter property of the template. */
function deadLetterTargets(model: CfnModel): Set<string> {
  const cached = targetsByModel.get(model);
  if (cached) return cached;
  const found = new Set<string>();
  const collect = (node: YamlNode | undefined, depth: number): void => {
    if (!node || depth > 12) return;
    const call = intrinsicOf(node);
    if (call && (call.name === "Ref" || call.name === "Fn::GetAtt" || call.name === "Fn::Sub")) {
      const argument = call.argument;
      const text =
        argument.kind === "scalar"
          ? String(argument.value)
          : argument.kind === "seq" && argument.items[0]?.kind === "scalar"
            ? String(argument.items[0].value)
            : "";
      // `Queue.Arn`, `${Queue.Arn}`: every word may be the logical id; extra words name nothing.
      for (const match of text.matchAll(/[A-Za-z0-9]+/g)) found.add(match[0]);
      return;
    }
    if (node.kind === "map") for (const entry of node.entries) collect(entry.value, depth + 1);
    else if (node.kind === "seq") for (const item of node.items) collect(item, depth + 1);
  };
  const walk = (node: YamlNode | undefined, depth: number): void => {
    if (!node || depth > 12) return;
    if (node.kind === "map") {
      for (const entry of node.entries) {
        if (DEAD_LETTER_KEYS.has(entry.key)) collect(entry.value, 0);
        else walk(entry.value, depth + 1);
      }
    } else if (node.kind === "seq") for (const item of node.items) walk(item, depth + 1);
  };
  for (const resource of model.resources) walk(resource.properties, 0);
  targetsByModel.set(model, found);
  return found;
}

export const sqsQueueWithoutDeadLetterQueue = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::SQS::Queue` has no `RedrivePolicy`, and is not itself a dead-letter queue (named like one, given a `RedriveAllowPolicy`, or the target of another resource's `RedrivePolicy`, `DeadLetterConfig` or `DeadLetterQueue`).",
      remediation: "Add `RedrivePolicy: { deadLetterTargetArn: !GetAtt JobsDlq.Arn, maxReceiveCount: 5 }`.",
      example:
        "Jobs:\n  Type: AWS::SQS::Queue\n  Properties:\n    RedrivePolicy:\n      deadLetterTargetArn: !GetAtt JobsDlq.Arn\n      maxReceiveCount: 5",
    },
  }),
  {
    types: ["AWS::SQS::Queue"],
    path: ["RedrivePolicy"],
    judge: () => "safe",
    whenMissing: "unsafe",
    problem: "has no dead-letter queue",
    exempt: (model, queue) => {
      if (childOf(queue.properties, "RedriveAllowPolicy") !== undefined) return true;
      const name = stringValue(model, childOf(queue.properties, "QueueName"));
      if (DEAD_LETTER_NAME.test(queue.logicalId) || (name !== undefined && DEAD_LETTER_NAME.test(name)))
        return true;
      return deadLetterTargets(model).has(queue.logicalId);
    },
  },
);
