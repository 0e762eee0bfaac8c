import { judge, settingRule } from "../checks.ts";

export const gcpBackendServiceWithoutLogging = settingRule(
  {
    id: "terraform/gcp-backend-service-without-logging",
    analyzer: "terraform",
    title: "Load balancer backend service without request logging",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A `google_compute_backend_service` has no `log_config { enable = true }`, so the load balancer does not log requests.",
      whyItMatters:
        "Who called the service, from where and with what result is not recorded; attacks and abuse cannot be investigated.",
      remediation: "Add `log_config { enable = true; sample_rate = 1.0 }`.",
      example:
        'resource "google_compute_backend_service" "web" {\n  log_config {\n    enable      = true\n    sample_rate = 1.0\n  }\n}',
      references: ["https://cloud.google.com/load-balancing/docs/https/https-logging-monitoring"],
    },
  },
  {
    types: ["google_compute_backend_service"],
    path: ["log_config"],
    attribute: "enable",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not log requests",
    fixValue: "true",
  },
);
