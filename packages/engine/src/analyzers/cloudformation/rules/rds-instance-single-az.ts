import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, lookup, resourcesOfType, stringValue } from "../model.ts";

export const rdsInstanceSingleAz = defineFileRule<CfnModel>({
  id: "cloudformation/rds-instance-single-az",
  analyzer: "cloudformation",
  title: "RDS instance in a single availability zone",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: ["IAC-BAK-02"],
  docs: {
    summary: "A standalone `AWS::RDS::DBInstance` does not set `MultiAZ: true`.",
    whyItMatters:
      "An availability-zone outage or a host failure takes the database down until it is restored from backup.",
    remediation:
      "Set `MultiAZ: true` for production databases. Aurora instances (replicated by their cluster) and read replicas are not reported.",
    example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    MultiAZ: true",
    references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Concepts.MultiAZ.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::RDS::DBInstance")) {
      const properties = resource.properties;
      if (lookup(properties, "DBClusterIdentifier").state !== "absent") continue;
      if (lookup(properties, "SourceDBInstanceIdentifier").state !== "absent") continue;
      if (stringValue(ctx.model, childOf(properties, "Engine"))?.startsWith("aurora")) continue;
      expectBoolean(ctx, resource, {
        path: ["MultiAZ"],
        want: true,
        absentIsUnsafe: true,
        missing: "MultiAZ is not set; the instance lives in one availability zone",
        wrong: "MultiAZ is false",
      });
    }
  },
});
