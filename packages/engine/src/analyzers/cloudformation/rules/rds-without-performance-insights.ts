import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsWithoutPerformanceInsights as terraformRule } from "../../terraform/rules/rds-without-performance-insights.ts";
import { stringValue } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const rdsWithoutPerformanceInsights = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` does not set `EnablePerformanceInsights: true` (for a cluster, `PerformanceInsightsEnabled`).",
      remediation:
        "Set `EnablePerformanceInsights: true` on the instance, or `PerformanceInsightsEnabled: true` on the cluster.",
      example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    EnablePerformanceInsights: true",
    },
  }),
  [
    {
      types: ["AWS::RDS::DBInstance"],
      path: ["EnablePerformanceInsights"],
      judge: is.boolean(true),
      whenMissing: "unsafe",
      problem: "does not use Performance Insights",
      // An instance of a cluster is covered by the cluster's setting.
      exempt: (_model, resource) => childOf(resource.properties, "DBClusterIdentifier") !== undefined,
    },
    {
      types: ["AWS::RDS::DBCluster"],
      path: ["PerformanceInsightsEnabled"],
      judge: is.boolean(true),
      whenMissing: "unsafe",
      problem: "does not use Performance Insights",
      // Aurora clusters enable it per instance, not on the cluster.
      exempt: (model, resource) => {
        const engine = stringValue(model, childOf(resource.properties, "Engine"));
        return engine === undefined || engine.startsWith("aurora");
      },
    },
  ],
);
