import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourceSpan, resourcesOfType, stringValue } from "../model.ts";

export const s3BucketWithoutVersioning = defineFileRule<CfnModel>({
  id: "cloudformation/s3-bucket-without-versioning",
  analyzer: "cloudformation",
  title: "S3 bucket without versioning",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: ["IAC-BAK-02"],
  docs: {
    summary: "An `AWS::S3::Bucket` has no `VersioningConfiguration` or suspends it.",
    whyItMatters:
      "An overwritten or deleted object cannot be recovered; ransomware that rewrites objects wins.",
    remediation:
      "Set `VersioningConfiguration: { Status: Enabled }` and a lifecycle rule that expires old versions.",
    example:
      "Bucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    VersioningConfiguration:\n      Status: Enabled",
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/Versioning.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      const status = lookup(resource.properties, "VersioningConfiguration", "Status");
      if (status.state === "unknown") continue;
      if (status.state === "absent") {
        const block = lookup(resource.properties, "VersioningConfiguration");
        ctx.report({
          message: `${resource.logicalId}: versioning is not enabled`,
          at: block.state === "present" ? keySpan(block.entry) : resourceSpan(resource),
        });
        continue;
      }
      if (stringValue(ctx.model, status.entry.value) === "Suspended") {
        ctx.report({ message: `${resource.logicalId}: versioning is suspended`, at: keySpan(status.entry) });
      }
    }
  },
});
