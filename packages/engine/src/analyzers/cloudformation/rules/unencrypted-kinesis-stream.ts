import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const unencryptedKinesisStream = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-kinesis-stream",
  analyzer: "cloudformation",
  title: "Kinesis data stream without server-side encryption",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-04"],
  docs: {
    summary: "An `AWS::Kinesis::Stream` has no `StreamEncryption`, so records are stored unencrypted.",
    whyItMatters:
      "Events (clickstreams, CDC records) often carry personal data and stay in the stream for its whole retention period.",
    remediation:
      "Add `StreamEncryption: { EncryptionType: KMS, KeyId: alias/aws/kinesis }` or a customer-managed key.",
    example:
      "Stream:\n  Type: AWS::Kinesis::Stream\n  Properties:\n    StreamEncryption:\n      EncryptionType: KMS\n      KeyId: alias/aws/kinesis",
    references: ["https://docs.aws.amazon.com/streams/latest/dev/server-side-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Kinesis::Stream")) {
      if (lookup(resource.properties, "StreamEncryption").state !== "absent") continue;
      ctx.report({ message: `${resource.logicalId}: no StreamEncryption`, at: resourceSpan(resource) });
    }
  },
});
