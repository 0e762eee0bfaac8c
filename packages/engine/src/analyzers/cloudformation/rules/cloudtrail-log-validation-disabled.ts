import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const cloudtrailLogValidationDisabled = defineFileRule<CfnModel>({
  id: "cloudformation/cloudtrail-log-validation-disabled",
  analyzer: "cloudformation",
  title: "CloudTrail trail without log file validation",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [354],
  controls: ["IAC-LOG-01"],
  fixable: true,
  docs: {
    summary: "An `AWS::CloudTrail::Trail` leaves `EnableLogFileValidation` unset or false.",
    whyItMatters:
      "Without digest files nobody can prove that a log file was not edited or deleted after delivery.",
    remediation: "Set `EnableLogFileValidation: true`.",
    example: "Trail:\n  Type: AWS::CloudTrail::Trail\n  Properties:\n    EnableLogFileValidation: true",
    references: [
      "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/cloudtrail-log-file-validation-intro.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudTrail::Trail")) {
      expectBoolean(ctx, resource, {
        path: ["EnableLogFileValidation"],
        want: true,
        absentIsUnsafe: true,
        missing: "EnableLogFileValidation is not set",
        wrong: "EnableLogFileValidation is false",
        fix: true,
      });
    }
  },
});
