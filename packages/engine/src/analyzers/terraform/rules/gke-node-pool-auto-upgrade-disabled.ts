import { judge, settingRule } from "../checks.ts";

export const gkeNodePoolAutoUpgradeDisabled = settingRule(
  {
    id: "terraform/gke-node-pool-auto-upgrade-disabled",
    analyzer: "terraform",
    title: "GKE node pool with auto-upgrade turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "A `google_container_node_pool` sets `management { auto_upgrade = false }`.",
      whyItMatters:
        "Nodes keep the Kubernetes version and OS image they were created with; kubelet and kernel vulnerabilities stay unpatched.",
      remediation: "Set `management { auto_upgrade = true }` (the default) with a maintenance window.",
      example:
        'resource "google_container_node_pool" "work" {\n  management {\n    auto_upgrade = true\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/node-auto-upgrades"],
    },
  },
  {
    types: ["google_container_node_pool"],
    path: ["management"],
    attribute: "auto_upgrade",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns node auto-upgrade off",
    fixValue: "true",
  },
);
