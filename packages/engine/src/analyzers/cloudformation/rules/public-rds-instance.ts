import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const publicRdsInstance = defineFileRule<CfnModel>({
  id: "cloudformation/public-rds-instance",
  analyzer: "cloudformation",
  title: "RDS instance publicly accessible",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-04"],
  fixable: true,
  docs: {
    summary: "An `AWS::RDS::DBInstance` sets `PubliclyAccessible: true`, giving it a public DNS name and IP.",
    whyItMatters:
      "The database listener becomes reachable from the internet wherever a security group allows it; password spraying and engine exploits follow.",
    remediation:
      "Set `PubliclyAccessible: false` and reach the database through the VPC, a bastion or a VPN.",
    example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    PubliclyAccessible: false",
    references: [
      "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_VPC.WorkingWithRDSInstanceinaVPC.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::RDS::DBInstance")) {
      expectBoolean(ctx, resource, {
        path: ["PubliclyAccessible"],
        want: false,
        absentIsUnsafe: false,
        missing: "",
        wrong: "PubliclyAccessible is true; the instance gets a public endpoint",
        fix: true,
      });
    }
  },
});
