import { judge, settingRule } from "../checks.ts";

export const unencryptedDocdbCluster = settingRule(
  {
    id: "terraform/unencrypted-docdb-cluster",
    analyzer: "terraform",
    title: "DocumentDB cluster without storage encryption",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_docdb_cluster` leaves `storage_encrypted` unset or false.",
      whyItMatters:
        "Documents, backups and snapshots are stored unencrypted; encryption cannot be turned on for an existing cluster.",
      remediation: "Set `storage_encrypted = true` (optionally with `kms_key_id`).",
      example: 'resource "aws_docdb_cluster" "docs" {\n  storage_encrypted = true\n}',
      references: ["https://docs.aws.amazon.com/documentdb/latest/developerguide/encryption-at-rest.html"],
    },
  },
  {
    types: ["aws_docdb_cluster"],
    attribute: "storage_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "stores its data unencrypted",
    fixValue: "true",
    exempt: (_model, resource) =>
      resource.attributes.has("snapshot_identifier") || resource.attributes.has("global_cluster_identifier"),
  },
);
