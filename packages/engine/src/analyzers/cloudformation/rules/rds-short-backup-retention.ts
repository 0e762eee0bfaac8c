import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsShortBackupRetention as terraformRule } from "../../terraform/rules/rds-short-backup-retention.ts";
import { numberValue } from "../model.ts";
import { propertyRule, sameHazardAs } from "../properties.ts";

export const rdsShortBackupRetention = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` sets `BackupRetentionPeriod` between 1 and 6 days (0, backups off, is reported by `rds-backups-disabled`).",
      remediation:
        "Set `BackupRetentionPeriod` to 7 or more (up to 35). Read replicas and the instances of an Aurora cluster, which take it from their source or cluster, are not flagged.",
      example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    BackupRetentionPeriod: 14",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance", "AWS::RDS::DBCluster"],
    path: ["BackupRetentionPeriod"],
    judge: (model, value) => {
      const days = numberValue(model, value);
      if (days === undefined || days === 0) return "unknown"; // 0 is another rule's finding
      return days >= 7 ? "safe" : "unsafe";
    },
    whenMissing: "safe",
    problem: "keeps automated backups for fewer than 7 days",
    exempt: (_model, resource) =>
      resource.type === "AWS::RDS::DBInstance" &&
      (childOf(resource.properties, "SourceDBInstanceIdentifier") !== undefined ||
        childOf(resource.properties, "DBClusterIdentifier") !== undefined),
  },
);
