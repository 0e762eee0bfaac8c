import { judge, settingRule } from "../checks.ts";

export const gkeNodeMetadataExposed = settingRule(
  {
    id: "terraform/gke-node-metadata-exposed",
    analyzer: "terraform",
    title: "GKE nodes expose the Compute Engine metadata server to pods",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [200],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        'A `google_container_node_pool` or `google_container_cluster` sets `node_config { workload_metadata_config { mode = "GCE_METADATA" } }`.',
      whyItMatters:
        "Pods can read the node's service account token and the kube-env bootstrap credentials from the metadata server, and act as the node.",
      remediation: 'Set `mode = "GKE_METADATA"` (with Workload Identity on the cluster).',
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    workload_metadata_config {\n      mode = "GKE_METADATA"\n    }\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/protecting-cluster-metadata"],
    },
  },
  {
    types: ["google_container_node_pool", "google_container_cluster"],
    path: ["node_config", "workload_metadata_config"],
    attribute: "mode",
    judge: judge.noneOf("GCE_METADATA", "MODE_UNSPECIFIED"),
    whenMissing: "safe",
    problem: "exposes the Compute Engine metadata server to pods",
    fixValue: '"GKE_METADATA"',
  },
);
