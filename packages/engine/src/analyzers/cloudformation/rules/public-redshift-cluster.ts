import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const publicRedshiftCluster = defineFileRule<CfnModel>({
  id: "cloudformation/public-redshift-cluster",
  analyzer: "cloudformation",
  title: "Redshift cluster publicly accessible",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-04"],
  fixable: true,
  docs: {
    summary: "An `AWS::Redshift::Cluster` sets `PubliclyAccessible: true`.",
    whyItMatters:
      "The warehouse endpoint gets a public address; with a permissive security group it is one password away from the internet.",
    remediation: "Set `PubliclyAccessible: false` and reach the cluster through the VPC.",
    example: "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    PubliclyAccessible: false",
    references: ["https://docs.aws.amazon.com/redshift/latest/mgmt/managing-clusters-vpc.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::Redshift::Cluster")) {
      expectBoolean(ctx, resource, {
        path: ["PubliclyAccessible"],
        want: false,
        absentIsUnsafe: false,
        missing: "",
        wrong: "PubliclyAccessible is true",
        fix: true,
      });
    }
  },
});
