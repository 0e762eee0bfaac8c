import { childOf } from "../../../parse/yaml-tree.ts";
import { rdsWithoutCmk as terraformRule } from "../../terraform/rules/rds-without-cmk.ts";
import { booleanOf } from "../model.ts";
import { is, propertyRule, sameHazardAs } from "../properties.ts";

export const rdsWithoutCmk = propertyRule(
  sameHazardAs(terraformRule, {
    docs: {
      summary:
        "An encrypted `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` has no `KmsKeyId` (it uses the AWS-managed `aws/rds` key), or names an `alias/aws/…` key.",
      remediation:
        "Set `KmsKeyId` to a customer-managed key. Unencrypted databases are reported by `unencrypted-rds-instance`; replicas, snapshot restores and the instances of a cluster inherit their key and are not flagged.",
      example:
        "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    StorageEncrypted: true\n    KmsKeyId: !Ref DatabaseKey",
    },
  }),
  {
    types: ["AWS::RDS::DBInstance", "AWS::RDS::DBCluster"],
    path: ["KmsKeyId"],
    judge: is.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) =>
      [
        "SourceDBInstanceIdentifier",
        "DBSnapshotIdentifier",
        "SnapshotIdentifier",
        "DBClusterIdentifier",
      ].some((key) => childOf(resource.properties, key) !== undefined) ||
      booleanOf(model, childOf(resource.properties, "StorageEncrypted")) !== true,
  },
);
