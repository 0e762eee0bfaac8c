import { judge, settingRule } from "../checks.ts";

export const gkeNodePoolAutoRepairDisabled = settingRule(
  {
    id: "terraform/gke-node-pool-auto-repair-disabled",
    analyzer: "terraform",
    title: "GKE node pool with auto-repair turned off",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "A `google_container_node_pool` sets `management { auto_repair = false }`.",
      whyItMatters:
        "Unhealthy nodes stay in the pool instead of being recreated from a clean image; a tampered or broken node keeps running workloads.",
      remediation: "Set `management { auto_repair = true }` (the default).",
      example:
        'resource "google_container_node_pool" "work" {\n  management {\n    auto_repair = true\n  }\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/node-auto-repair"],
    },
  },
  {
    types: ["google_container_node_pool"],
    path: ["management"],
    attribute: "auto_repair",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns node auto-repair off",
    fixValue: "true",
  },
);
