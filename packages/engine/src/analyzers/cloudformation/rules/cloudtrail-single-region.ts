import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const cloudtrailSingleRegion = defineFileRule<CfnModel>({
  id: "cloudformation/cloudtrail-single-region",
  analyzer: "cloudformation",
  title: "CloudTrail trail records one region only",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-01"],
  fixable: true,
  docs: {
    summary: "An `AWS::CloudTrail::Trail` leaves `IsMultiRegionTrail` unset or false.",
    whyItMatters:
      "Activity in other regions (where an attacker likes to start instances) is not recorded by this trail.",
    remediation:
      "Set `IsMultiRegionTrail: true`, or make sure another multi-region or organization trail covers the account.",
    example: "Trail:\n  Type: AWS::CloudTrail::Trail\n  Properties:\n    IsMultiRegionTrail: true",
    references: [
      "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/receive-cloudtrail-log-files-from-multiple-regions.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudTrail::Trail")) {
      expectBoolean(ctx, resource, {
        path: ["IsMultiRegionTrail"],
        want: true,
        absentIsUnsafe: true,
        missing: "IsMultiRegionTrail is not set; only this region is recorded",
        wrong: "IsMultiRegionTrail is false",
        fix: true,
      });
    }
  },
});
