import { judge, setting, settingRule } from "../checks.ts";

export const unencryptedRdsCluster = settingRule(
  {
    id: "terraform/unencrypted-rds-cluster",
    analyzer: "terraform",
    title: "Aurora/RDS cluster without storage encryption",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_rds_cluster` leaves `storage_encrypted` unset or false.",
      whyItMatters:
        "Cluster volumes and their snapshots are readable by whoever obtains them; encryption cannot be " +
        "added to an existing cluster in place.",
      remediation:
        'Set `storage_encrypted = true`. Aurora Serverless v1 clusters (`engine_mode = "serverless"`) are ' +
        "always encrypted and clusters restored from a snapshot or replicating another source inherit it; " +
        "neither is flagged.",
      example: 'resource "aws_rds_cluster" "main" {\n  storage_encrypted = true\n}',
      references: ["https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/Overview.Encryption.html"],
    },
  },
  {
    types: ["aws_rds_cluster"],
    attribute: "storage_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "stores its data unencrypted",
    fixValue: "true",
    exempt: (model, resource) => {
      const mode = setting(model, resource, "engine_mode");
      if (mode.state !== "missing" && !(mode.state === "known" && mode.value !== "serverless")) return true;
      return (
        resource.attributes.has("snapshot_identifier") ||
        resource.attributes.has("replication_source_identifier") ||
        resource.attributes.has("global_cluster_identifier")
      );
    },
  },
);
