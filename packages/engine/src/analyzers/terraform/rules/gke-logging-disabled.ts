import { judge, settingRule } from "../checks.ts";

export const gkeLoggingDisabled = settingRule(
  {
    id: "terraform/gke-logging-disabled",
    analyzer: "terraform",
    title: "GKE cluster sends no logs to Cloud Logging",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: 'A `google_container_cluster` sets `logging_service = "none"`.',
      whyItMatters:
        "Control-plane, node and container logs are not kept; an intrusion or misuse of the cluster cannot be investigated.",
      remediation: 'Set `logging_service = "logging.googleapis.com/kubernetes"` (the default).',
      example:
        'resource "google_container_cluster" "main" {\n  logging_service = "logging.googleapis.com/kubernetes"\n}',
      references: ["https://cloud.google.com/kubernetes-engine/docs/concepts/about-logs"],
    },
  },
  {
    types: ["google_container_cluster"],
    attribute: "logging_service",
    judge: judge.noneOf("none"),
    whenMissing: "safe",
    problem: "sends no logs to Cloud Logging",
    fixValue: '"logging.googleapis.com/kubernetes"',
  },
);
