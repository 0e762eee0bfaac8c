import { settingRule } from "../checks.ts";

export const gkeNodeImageNotCos = settingRule(
  {
    id: "terraform/gke-node-image-not-cos",
    analyzer: "terraform",
    title: "GKE nodes not on Container-Optimized OS",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A `google_container_node_pool` or `google_container_cluster` sets `node_config { image_type }` to a Linux image other than Container-Optimized OS (e.g. `UBUNTU_CONTAINERD`); Windows images, needed for Windows workloads, are not flagged.",
      whyItMatters:
        "Container-Optimized OS has a read-only root file system, a minimal package set and automatic security updates; general-purpose images have a larger attack surface.",
      remediation: 'Set `image_type = "COS_CONTAINERD"` unless a workload needs another image.',
      example:
        'resource "google_container_node_pool" "work" {\n  node_config {\n    image_type = "COS_CONTAINERD"\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/concepts/node-images"],
    },
  },
  {
    types: ["google_container_node_pool", "google_container_cluster"],
    path: ["node_config"],
    attribute: "image_type",
    judge: (value) =>
      typeof value !== "string" ? "unknown" : /^(COS|WINDOWS)/i.test(value) ? "safe" : "unsafe",
    whenMissing: "safe",
    problem: "runs nodes on an image other than Container-Optimized OS",
    fixValue: '"COS_CONTAINERD"',
  },
);
