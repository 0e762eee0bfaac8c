import { judge, settingRule } from "../checks.ts";

export const unencryptedNeptuneCluster = settingRule(
  {
    id: "terraform/unencrypted-neptune-cluster",
    analyzer: "terraform",
    title: "Neptune cluster storage not encrypted",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_neptune_cluster` does not set `storage_encrypted = true` (the default is off).",
      whyItMatters: "Unencrypted storage and snapshots are readable by anyone who obtains a copy of them.",
      remediation:
        "Set `storage_encrypted = true` (it cannot be changed on an existing cluster; restore a snapshot into an encrypted one). Read replicas inherit the source and are not flagged.",
      example: 'resource "aws_neptune_cluster" "graph" {\n  storage_encrypted = true\n}',
    },
  },
  {
    types: ["aws_neptune_cluster"],
    attribute: "storage_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt its storage",
    fixValue: "true",
    exempt: (_model, resource) =>
      resource.attributes.has("replication_source_identifier") ||
      resource.attributes.has("snapshot_identifier"),
  },
);
