import { judge, settingRule } from "../checks.ts";

export const gcpHttpsProxyWithoutSslPolicy = settingRule(
  {
    id: "terraform/gcp-https-proxy-without-ssl-policy",
    analyzer: "terraform",
    title: "HTTPS or SSL proxy uses the default SSL policy",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_compute_target_https_proxy` or `google_compute_target_ssl_proxy` has no `ssl_policy`, so the Google default policy (TLS 1.0, COMPATIBLE ciphers) applies.",
      whyItMatters: "Clients can negotiate TLS 1.0 and weak cipher suites with the load balancer.",
      remediation:
        'Create a `google_compute_ssl_policy` with `min_tls_version = "TLS_1_2"` and a MODERN or RESTRICTED profile, and set `ssl_policy` to it.',
      example:
        'resource "google_compute_target_https_proxy" "web" {\n  ssl_policy = google_compute_ssl_policy.modern.id\n}',
      references: ["https://cloud.google.com/load-balancing/docs/use-ssl-policies"],
    },
  },
  {
    types: ["google_compute_target_https_proxy", "google_compute_target_ssl_proxy"],
    attribute: "ssl_policy",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "uses the default SSL policy (TLS 1.0 allowed)",
  },
);
