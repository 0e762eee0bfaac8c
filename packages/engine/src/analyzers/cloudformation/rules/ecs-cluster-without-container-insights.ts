import { childOf } from "../../../parse/yaml-tree.ts";
import { ecsClusterWithoutContainerInsights as terraformRule } from "../../terraform/rules/ecs-cluster-without-container-insights.ts";
import { itemsOf, stringValue, UNKNOWN } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

const ON = new Set(["enabled", "enhanced"]);

export const ecsClusterWithoutContainerInsights = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::ECS::Cluster` has no `ClusterSettings` entry `{ Name: containerInsights, Value: enabled }` (or `enhanced`).",
      remediation: "Add `ClusterSettings: [{ Name: containerInsights, Value: enabled }]`.",
      example:
        "Cluster:\n  Type: AWS::ECS::Cluster\n  Properties:\n    ClusterSettings:\n      - Name: containerInsights\n        Value: enabled",
    },
  }),
  {
    types: ["AWS::ECS::Cluster"],
    path: ["ClusterSettings"],
    judge: (model, settings) => {
      const items = itemsOf(settings);
      if (items === UNKNOWN) return "unknown";
      let unreadable = false;
      for (const item of items) {
        const name = stringValue(model, childOf(item, "Name"));
        if (name === undefined) unreadable = true;
        if (name !== "containerInsights") continue;
        const value = stringValue(model, childOf(item, "Value"));
        if (value === undefined) return "unknown";
        return ON.has(value) ? "safe" : "unsafe";
      }
      return unreadable ? "unknown" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "does not collect Container Insights metrics and logs",
  },
);
