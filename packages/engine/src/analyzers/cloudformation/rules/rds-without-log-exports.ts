import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsWithoutLogExports as terraformRule } from "../../terraform/rules/rds-without-log-exports.ts";
import { itemsOf, stringValue, UNKNOWN } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const rdsWithoutLogExports = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` has no `EnableCloudwatchLogsExports`, or an empty one.",
      remediation:
        "List the engine's logs in `EnableCloudwatchLogsExports` (e.g. `[postgresql, upgrade]`, `[audit, error, general, slowquery]`). Aurora Serverless v1 clusters and the instances of a cluster are not flagged.",
      example:
        "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    Engine: postgres\n    EnableCloudwatchLogsExports: [postgresql, upgrade]",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance", "AWS::RDS::DBCluster"],
    path: ["EnableCloudwatchLogsExports"],
    judge: (_model, value) => {
      const items = itemsOf(value);
      if (items === UNKNOWN) return "unknown";
      return items.length > 0 ? "safe" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "does not export its logs to CloudWatch",
    exempt: (model, resource) => {
      if (childOf(resource.properties, "DBClusterIdentifier") !== undefined) return true;
      const mode = childOf(resource.properties, "EngineMode");
      if (mode === undefined) return false;
      const text = stringValue(model, mode);
      return text === undefined || text === "serverless";
    },
  },
);
