import { judge, settingRule } from "../checks.ts";

export const gcpSslPolicyWeakCiphers = settingRule(
  {
    id: "terraform/gcp-ssl-policy-weak-ciphers",
    analyzer: "terraform",
    title: "Load balancer SSL policy allows weak cipher suites",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [327],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "A `google_compute_ssl_policy` leaves `profile` unset (default `COMPATIBLE`) or sets `COMPATIBLE`.",
      whyItMatters:
        "The COMPATIBLE profile keeps cipher suites without forward secrecy and with 3DES and CBC modes, open to known attacks.",
      remediation: 'Set `profile = "MODERN"` or `"RESTRICTED"` (or `CUSTOM` with chosen features).',
      example: 'resource "google_compute_ssl_policy" "modern" {\n  profile = "RESTRICTED"\n}',
      references: [
        "https://cloud.google.com/load-balancing/docs/ssl-policies-concepts#defining_an_ssl_policy",
      ],
    },
  },
  {
    types: ["google_compute_ssl_policy"],
    attribute: "profile",
    judge: judge.noneOf("COMPATIBLE"),
    whenMissing: "unsafe",
    problem: "allows weak cipher suites (COMPATIBLE profile)",
    fixValue: '"MODERN"',
  },
);
