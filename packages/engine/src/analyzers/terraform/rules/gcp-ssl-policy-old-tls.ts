import { judge, settingRule } from "../checks.ts";

export const gcpSslPolicyOldTls = settingRule(
  {
    id: "terraform/gcp-ssl-policy-old-tls",
    analyzer: "terraform",
    title: "Load balancer SSL policy accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_compute_ssl_policy` leaves `min_tls_version` unset (default `TLS_1_0`) or sets `TLS_1_0` / `TLS_1_1`.",
      whyItMatters: "Clients can negotiate TLS 1.0 and 1.1, which have known weaknesses and are deprecated.",
      remediation: 'Set `min_tls_version = "TLS_1_2"`.',
      example:
        'resource "google_compute_ssl_policy" "modern" {\n  profile         = "MODERN"\n  min_tls_version = "TLS_1_2"\n}',
      references: ["https://cloud.google.com/load-balancing/docs/ssl-policies-concepts"],
    },
  },
  {
    types: ["google_compute_ssl_policy"],
    attribute: "min_tls_version",
    judge: judge.noneOf("TLS_1_0", "TLS_1_1"),
    whenMissing: "unsafe",
    problem: "accepts TLS older than 1.2",
    fixValue: '"TLS_1_2"',
  },
);
