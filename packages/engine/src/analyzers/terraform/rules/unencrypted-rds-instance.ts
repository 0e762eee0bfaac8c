import { judge, settingRule } from "../checks.ts";

export const unencryptedRdsInstance = settingRule(
  {
    id: "terraform/unencrypted-rds-instance",
    analyzer: "terraform",
    title: "RDS instance without storage encryption",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_db_instance` leaves `storage_encrypted` unset or false, so its storage, automated backups, " +
        "read replicas and snapshots are stored unencrypted.",
      whyItMatters:
        "Anyone who obtains a snapshot or the underlying volume (a shared snapshot, a copied backup, a " +
        "mis-scoped IAM grant) reads the data in clear. Encryption cannot be turned on later without " +
        "restoring into a new instance.",
      remediation:
        "Set `storage_encrypted = true` (optionally with `kms_key_id`). Read replicas and instances restored " +
        "from a snapshot inherit the source's encryption and are not flagged.",
      example:
        'resource "aws_db_instance" "main" {\n  storage_encrypted = true\n  kms_key_id        = aws_kms_key.db.arn\n}',
      references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/Overview.Encryption.html"],
    },
  },
  {
    types: ["aws_db_instance"],
    attribute: "storage_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "stores its data unencrypted",
    fixValue: "true",
    // Replicas and restores inherit encryption from their source.
    exempt: (_model, resource) =>
      resource.attributes.has("replicate_source_db") || resource.attributes.has("snapshot_identifier"),
  },
);
