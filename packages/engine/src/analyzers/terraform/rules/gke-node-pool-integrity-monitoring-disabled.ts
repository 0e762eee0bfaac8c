import { judge, settingRule } from "../checks.ts";

export const gkeNodePoolIntegrityMonitoringDisabled = settingRule(
  {
    id: "terraform/gke-node-pool-integrity-monitoring-disabled",
    analyzer: "terraform",
    title: "GKE nodes with integrity monitoring turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A `google_container_node_pool` or `google_container_cluster` sets `node_config { shielded_instance_config { enable_integrity_monitoring = false } }`.",
      whyItMatters:
        "Changes to the node's boot sequence are no longer measured and reported; a persistent compromise of a node goes unnoticed.",
      remediation: "Set `enable_integrity_monitoring = true` (the default).",
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    shielded_instance_config {\n      enable_integrity_monitoring = true\n    }\n  }\n}',
      references: [
        "https://cloud.google.com/kubernetes-engine/docs/how-to/shielded-gke-nodes#integrity_monitoring",
      ],
    },
  },
  {
    types: ["google_container_node_pool", "google_container_cluster"],
    path: ["node_config", "shielded_instance_config"],
    attribute: "enable_integrity_monitoring",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns node integrity monitoring off",
    fixValue: "true",
  },
);
