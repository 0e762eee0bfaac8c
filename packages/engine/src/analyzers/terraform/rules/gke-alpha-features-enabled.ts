import { judge, settingRule } from "../checks.ts";

export const gkeAlphaFeaturesEnabled = settingRule(
  {
    id: "terraform/gke-alpha-features-enabled",
    analyzer: "terraform",
    title: "GKE alpha cluster",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [1104],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "A `google_container_cluster` sets `enable_kubernetes_alpha = true`.",
      whyItMatters:
        "Alpha clusters run unsupported features, receive no security patches through auto-upgrade and are deleted after 30 days; they are not for workloads.",
      remediation: "Set `enable_kubernetes_alpha = false` (the default).",
      example: 'resource "google_container_cluster" "main" {\n  enable_kubernetes_alpha = false\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/concepts/alpha-clusters"],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "enable_kubernetes_alpha",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "enables Kubernetes alpha features",
    fixValue: "false",
  },
);
