import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const unencryptedSnsTopic = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-sns-topic",
  analyzer: "cloudformation",
  title: "SNS topic without encryption at rest",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-04"],
  docs: {
    summary:
      "An `AWS::SNS::Topic` has no `KmsMasterKeyId`; SNS does not encrypt messages at rest by default.",
    whyItMatters: "Messages waiting for delivery are stored in clear.",
    remediation: "Set `KmsMasterKeyId` (`alias/aws/sns` or a customer-managed key).",
    example: "Topic:\n  Type: AWS::SNS::Topic\n  Properties:\n    KmsMasterKeyId: alias/aws/sns",
    references: ["https://docs.aws.amazon.com/sns/latest/dg/sns-server-side-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::SNS::Topic")) {
      if (lookup(resource.properties, "KmsMasterKeyId").state !== "absent") continue;
      ctx.report({
        message: `${resource.logicalId}: no KmsMasterKeyId; messages are not encrypted at rest`,
        at: resourceSpan(resource),
      });
    }
  },
});
