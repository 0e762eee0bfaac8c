import { defineFileRule } from "../../../rule.ts";
import { booleanOf, type CfnModel, keySpan, lookup, replaceScalarFix, resourcesOfType } from "../model.ts";

export const unencryptedSqsQueue = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-sqs-queue",
  analyzer: "cloudformation",
  title: "SQS queue with server-side encryption turned off",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-04"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::SQS::Queue` sets `SqsManagedSseEnabled: false` and has no `KmsMasterKeyId`, so its messages are stored unencrypted.",
    whyItMatters:
      "Messages often carry personal data or tokens; without encryption at rest they sit in clear on AWS storage.",
    remediation:
      "Remove `SqsManagedSseEnabled: false` (new queues get SSE-SQS by default) or set `KmsMasterKeyId`. Queues that simply omit both settings are encrypted by the default and are not reported.",
    example: "Queue:\n  Type: AWS::SQS::Queue\n  Properties:\n    KmsMasterKeyId: alias/aws/sqs",
    references: [
      "https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/sqs-server-side-encryption.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::SQS::Queue")) {
      if (lookup(resource.properties, "KmsMasterKeyId").state !== "absent") continue;
      const sse = lookup(resource.properties, "SqsManagedSseEnabled");
      if (sse.state !== "present" || booleanOf(ctx.model, sse.entry.value) !== false) continue;
      const fix = replaceScalarFix(ctx.file, sse.entry.value, "true", "turn SQS-managed encryption on");
      ctx.report({
        message: `${resource.logicalId}: server-side encryption is off`,
        at: keySpan(sse.entry),
        ...(fix ? { fix } : {}),
      });
    }
  },
});
