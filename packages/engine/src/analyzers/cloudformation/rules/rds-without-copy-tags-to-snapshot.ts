import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsWithoutCopyTagsToSnapshot as terraformRule } from "../../terraform/rules/rds-without-copy-tags-to-snapshot.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const rdsWithoutCopyTagsToSnapshot = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` does not set `CopyTagsToSnapshot: true`.",
      remediation:
        "Set `CopyTagsToSnapshot: true`. The instances of a cluster take it from the cluster and are not flagged.",
      example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    CopyTagsToSnapshot: true",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance", "AWS::RDS::DBCluster"],
    path: ["CopyTagsToSnapshot"],
    judge: is.boolean(true),
    whenMissing: "unsafe",
    problem: "does not copy its tags to snapshots",
    exempt: (_model, resource) => childOf(resource.properties, "DBClusterIdentifier") !== undefined,
  },
);
