import { redshiftWithoutAuditLogging as terraformRule } from "../../terraform/rules/redshift-without-audit-logging.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const redshiftWithoutAuditLogging = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::Redshift::Cluster` has no `LoggingProperties`, so connection and user activity is not logged.",
      remediation:
        "Add `LoggingProperties` with `LogDestinationType: cloudwatch` and `LogExports`, or a `BucketName`.",
      example:
        "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    LoggingProperties:\n      LogDestinationType: cloudwatch\n      LogExports: [connectionlog, userlog, useractivitylog]",
    },
  }),
  {
    types: ["AWS::Redshift::Cluster"],
    path: ["LoggingProperties"],
    judge: () => "safe",
    whenMissing: "unsafe",
    problem: "does not log connections and user activity",
  },
);
