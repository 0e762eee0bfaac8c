import { judge, settingRule } from "../checks.ts";

export const gkeShieldedNodesDisabled = settingRule(
  {
    id: "terraform/gke-shielded-nodes-disabled",
    analyzer: "terraform",
    title: "GKE cluster with Shielded GKE Nodes turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "A `google_container_cluster` sets `enable_shielded_nodes = false`.",
      whyItMatters:
        "Without node identity verification, an attacker who gets a node's bootstrap credentials can impersonate a node and read the secrets of pods scheduled on it.",
      remediation: "Set `enable_shielded_nodes = true` (the default).",
      example: 'resource "google_container_cluster" "main" {\n  enable_shielded_nodes = true\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/shielded-gke-nodes"],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "enable_shielded_nodes",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "turns Shielded GKE Nodes off",
    fixValue: "true",
  },
);
