import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, type CfnResource, lookup, resourcesOfType, stringValue } from "../model.ts";

/** Aurora members, read replicas and snapshot restores take their encryption from elsewhere. */
function inheritsEncryption(model: CfnModel, resource: CfnResource): boolean {
  const properties = resource.properties;
  const inherited = [
    "DBClusterIdentifier",
    "SourceDBInstanceIdentifier",
    "DBSnapshotIdentifier",
    "SnapshotIdentifier",
  ];
  if (inherited.some((key) => lookup(properties, key).state !== "absent")) return true;
  const engineMode = stringValue(
    model,
    lookup(properties, "EngineMode").state === "present"
      ? properties.entries.find((e) => e.key === "EngineMode")?.value
      : undefined,
  );
  if (engineMode === "serverless") return true; // Aurora Serverless v1 is always encrypted
  const engine = stringValue(model, properties.entries.find((e) => e.key === "Engine")?.value);
  return resource.type === "AWS::RDS::DBInstance" && engine !== undefined && engine.startsWith("aurora");
}

export const unencryptedRdsInstance = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-rds-instance",
  analyzer: "cloudformation",
  title: "RDS instance or Aurora cluster without storage encryption",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-02"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::RDS::DBInstance` or `AWS::RDS::DBCluster` leaves `StorageEncrypted` unset or false, so its storage, snapshots and backups are not encrypted.",
    whyItMatters:
      "Anyone who obtains a snapshot or the underlying volume reads the data in clear. Encryption cannot be switched on later without copying the database.",
    remediation:
      "Set `StorageEncrypted: true` (and `KmsKeyId` for a customer-managed key). Aurora instances inherit encryption from their cluster, read replicas and snapshot restores from their source, and are not reported.",
    example: "Database:\n  Type: AWS::RDS::DBInstance\n  Properties:\n    StorageEncrypted: true",
    references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Overview.Encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::RDS::DBInstance", "AWS::RDS::DBCluster")) {
      if (inheritsEncryption(ctx.model, resource)) continue;
      expectBoolean(ctx, resource, {
        path: ["StorageEncrypted"],
        want: true,
        absentIsUnsafe: true,
        missing: "StorageEncrypted is not set; the storage is unencrypted",
        wrong: "StorageEncrypted is false",
        fix: true,
      });
    }
  },
});
