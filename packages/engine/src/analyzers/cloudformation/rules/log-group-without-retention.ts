import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

export const logGroupWithoutRetention = defineFileRule<CfnModel>({
  id: "cloudformation/log-group-without-retention",
  analyzer: "cloudformation",
  title: "CloudWatch log group kept forever without a retention period",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: ["IAC-BAK-01"],
  docs: {
    summary: "An `AWS::Logs::LogGroup` sets no `RetentionInDays`, so its logs never expire.",
    whyItMatters:
      "Logs full of personal data and tokens pile up with no defined lifetime, which breaks data-minimisation rules and grows cost; a retention period is also what audits ask to see.",
    remediation:
      "Set `RetentionInDays` to what your policy requires (for example 365 for audit logs, 30 for debug logs).",
    example: "Logs:\n  Type: AWS::Logs::LogGroup\n  Properties:\n    RetentionInDays: 365",
    references: [
      "https://docs.aws.amazon.com/AmazonCloudWatch/latest/logs/Working-with-log-groups-and-streams.html#SettingLogRetention",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Logs::LogGroup")) {
      if (lookup(resource.properties, "RetentionInDays").state !== "absent") continue;
      ctx.report({
        message: `${resource.logicalId}: no RetentionInDays; logs are kept forever`,
        at: resourceSpan(resource),
      });
    }
  },
});
