import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, lookup, resourcesOfType } from "../model.ts";

export const rdsWithoutDeletionProtection = defineFileRule<CfnModel>({
  id: "cloudformation/rds-without-deletion-protection",
  analyzer: "cloudformation",
  title: "RDS database without deletion protection",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [693],
  controls: ["IAC-BAK-02"],
  fixable: true,
  docs: {
    summary: "An RDS instance or cluster leaves `DeletionProtection` unset or false.",
    whyItMatters:
      "A stack deletion, a replaced resource or a stray API call destroys the database without a second check.",
    remediation:
      "Set `DeletionProtection: true`. Aurora instances are protected through their cluster and are not reported.",
    example: "Cluster:\n  Type: AWS::RDS::DBCluster\n  Properties:\n    DeletionProtection: true",
    references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_DeleteInstance.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::RDS::DBInstance", "AWS::RDS::DBCluster")) {
      if (
        resource.type === "AWS::RDS::DBInstance" &&
        lookup(resource.properties, "DBClusterIdentifier").state !== "absent"
      )
        continue;
      expectBoolean(ctx, resource, {
        path: ["DeletionProtection"],
        want: true,
        absentIsUnsafe: true,
        missing: "DeletionProtection is not set",
        wrong: "DeletionProtection is false",
        fix: true,
      });
    }
  },
});
