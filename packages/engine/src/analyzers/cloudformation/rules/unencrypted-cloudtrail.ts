import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const unencryptedCloudtrail = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-cloudtrail",
  analyzer: "cloudformation",
  title: "CloudTrail logs not encrypted with a KMS key",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-LOG-01", "IAC-ENC-01"],
  docs: {
    summary: "An `AWS::CloudTrail::Trail` has no `KMSKeyId`, so its log files get only SSE-S3.",
    whyItMatters:
      "Anyone who can read the log bucket reads the account's full activity history; a KMS key adds a second permission and an audit of every decryption.",
    remediation: "Set `KMSKeyId` to a customer-managed key whose policy lets CloudTrail encrypt.",
    example: "Trail:\n  Type: AWS::CloudTrail::Trail\n  Properties:\n    KMSKeyId: !Ref TrailKey",
    references: [
      "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/encrypting-cloudtrail-log-files-with-aws-kms.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudTrail::Trail")) {
      if (lookup(resource.properties, "KMSKeyId").state !== "absent") continue;
      ctx.report({
        message: `${resource.logicalId}: no KMSKeyId; logs are not KMS-encrypted`,
        at: resourceSpan(resource),
      });
    }
  },
});
