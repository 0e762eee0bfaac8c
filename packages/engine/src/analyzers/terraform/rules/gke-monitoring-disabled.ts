import { judge, settingRule } from "../checks.ts";

export const gkeMonitoringDisabled = settingRule(
  {
    id: "terraform/gke-monitoring-disabled",
    analyzer: "terraform",
    title: "GKE cluster sends no metrics to Cloud Monitoring",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'A `google_container_cluster` sets `monitoring_service = "none"`.',
      whyItMatters:
        "Resource exhaustion, crash loops and abnormal activity (cryptomining) go unseen and unalerted.",
      remediation: 'Set `monitoring_service = "monitoring.googleapis.com/kubernetes"` (the default).',
      example:
        'resource "google_container_cluster" "main" {\n  monitoring_service = "monitoring.googleapis.com/kubernetes"\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/how-to/configure-metrics"],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "monitoring_service",
    judge: judge.noneOf("none"),
    whenMissing: "safe",
    problem: "sends no metrics to Cloud Monitoring",
    fixValue: '"monitoring.googleapis.com/kubernetes"',
  },
);
