import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, evaluate, intrinsicOf, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const s3BucketWithoutAccessLogging = defineFileRule<CfnModel>({
  id: "cloudformation/s3-bucket-without-access-logging",
  analyzer: "cloudformation",
  title: "S3 bucket without server access logging",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary: "An `AWS::S3::Bucket` has no `LoggingConfiguration`.",
    whyItMatters: "Without access logs, nobody can tell afterwards who read or deleted which objects.",
    remediation:
      "Add `LoggingConfiguration` with a `DestinationBucketName`. Buckets that receive the logs themselves (named as a destination in the same template, or with `AccessControl: LogDeliveryWrite`) are not reported: logging a log bucket into itself loops.",
    example:
      "Bucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    LoggingConfiguration:\n      DestinationBucketName: !Ref LogBucket",
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/ServerLogs.html"],
  },
  check(ctx) {
    // Buckets that receive logs: referenced as DestinationBucketName anywhere in the template.
    const logTargets = new Set<string>();
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      const destination = childOf(
        childOf(resource.properties, "LoggingConfiguration"),
        "DestinationBucketName",
      );
      const call = intrinsicOf(destination);
      if (call?.name === "Ref" && call.argument.kind === "scalar")
        logTargets.add(String(call.argument.value));
    }
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      if (lookup(resource.properties, "LoggingConfiguration").state !== "absent") continue;
      if (logTargets.has(resource.logicalId)) continue;
      if (evaluate(ctx.model, childOf(resource.properties, "AccessControl")) === "LogDeliveryWrite") continue;
      ctx.report({
        message: `${resource.logicalId}: server access logging is off`,
        at: resourceSpan(resource),
      });
    }
  },
});
