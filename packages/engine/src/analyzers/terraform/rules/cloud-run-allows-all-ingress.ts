import { judge, settingRule } from "../checks.ts";

export const cloudRunAllowsAllIngress = settingRule(
  {
    id: "terraform/cloud-run-allows-all-ingress",
    analyzer: "terraform",
    title: "Cloud Run service accepts traffic from the internet",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: 'A `google_cloud_run_v2_service` sets `ingress = "INGRESS_TRAFFIC_ALL"`.',
      whyItMatters:
        "The service URL is reachable from anywhere; only its own authentication stands between callers and the code.",
      remediation:
        "Use `INGRESS_TRAFFIC_INTERNAL_ONLY` or `INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER` (behind a load balancer with Cloud Armor) unless the service is public by design.",
      example:
        'resource "google_cloud_run_v2_service" "api" {\n  ingress = "INGRESS_TRAFFIC_INTERNAL_LOAD_BALANCER"\n}',
      references: ["https://cloud.google.com/run/docs/securing/ingress"],
    },
  },
  {
    types: ["google_cloud_run_v2_service"],
    attribute: "ingress",
    judge: judge.noneOf("INGRESS_TRAFFIC_ALL"),
    whenMissing: "safe",
    problem: "accepts traffic from the internet",
  },
);
