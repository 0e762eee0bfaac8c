import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const cloudtrailLoggingDisabled = defineFileRule<CfnModel>({
  id: "cloudformation/cloudtrail-logging-disabled",
  analyzer: "cloudformation",
  title: "CloudTrail trail with logging turned off",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-01"],
  fixable: true,
  docs: {
    summary: "An `AWS::CloudTrail::Trail` sets `IsLogging: false`.",
    whyItMatters:
      "The trail exists on paper but records nothing; an intrusion leaves no control-plane evidence.",
    remediation: "Set `IsLogging: true`.",
    example: "Trail:\n  Type: AWS::CloudTrail::Trail\n  Properties:\n    IsLogging: true",
    references: ["https://docs.aws.amazon.com/awscloudtrail/latest/userguide/cloudtrail-concepts.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudTrail::Trail")) {
      expectBoolean(ctx, resource, {
        path: ["IsLogging"],
        want: true,
        absentIsUnsafe: false, // required property: the service rejects a trail without it
        missing: "",
        wrong: "IsLogging is false; the trail records nothing",
        fix: true,
      });
    }
  },
});
