import { rdsAutoMinorVersionUpgradeDisabled as terraformRule } from "../../terraform/rules/rds-auto-minor-version-upgrade-disabled.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const rdsAutoMinorVersionUpgradeDisabled = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary: "An `AWS::RDS::DBInstance` sets `AutoMinorVersionUpgrade: false`.",
      remediation:
        "Set `AutoMinorVersionUpgrade: true` (the default) so maintenance windows apply minor engine versions and their security fixes.",
      example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    AutoMinorVersionUpgrade: true",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance"],
    path: ["AutoMinorVersionUpgrade"],
    judge: is.boolean(true),
    whenMissing: "safe",
    problem: "does not take minor version upgrades",
  },
);
