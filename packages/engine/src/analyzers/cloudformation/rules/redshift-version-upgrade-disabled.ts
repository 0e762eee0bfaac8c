import { redshiftVersionUpgradeDisabled as terraformRule } from "../../terraform/rules/redshift-version-upgrade-disabled.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const redshiftVersionUpgradeDisabled = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::Redshift::Cluster` sets `AllowVersionUpgrade: false`.",
      remediation:
        "Set `AllowVersionUpgrade: true` (the default) so maintenance windows apply engine patches.",
      example: "Warehouse:\n  Type: AWS::Redshift::Cluster\n  Properties:\n    AllowVersionUpgrade: true",
    },
  }),
  {
    types: ["AWS::Redshift::Cluster"],
    path: ["AllowVersionUpgrade"],
    judge: is.boolean(true),
    whenMissing: "safe",
    problem: "does not take engine version upgrades",
  },
);
