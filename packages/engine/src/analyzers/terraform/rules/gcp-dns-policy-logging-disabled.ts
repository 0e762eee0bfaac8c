import { judge, settingRule } from "../checks.ts";

export const gcpDnsPolicyLoggingDisabled = settingRule(
  {
    id: "terraform/gcp-dns-policy-logging-disabled",
    analyzer: "terraform",
    title: "Cloud DNS policy without query logging",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-02"],
    docs: {
      summary: "A `google_dns_policy` leaves `enable_logging` unset (default false) or false.",
      whyItMatters:
        "DNS queries from the network's VMs are not logged; lookups of command-and-control or exfiltration domains leave no trace.",
      remediation: "Set `enable_logging = true`.",
      example: 'resource "google_dns_policy" "vpc" {\n  enable_logging = true\n}',
      references: ["https://cloud.google.com/dns/docs/monitoring"],
    },
  },
  {
    types: ["google_dns_policy"],
    attribute: "enable_logging",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not log DNS queries",
    fixValue: "true",
  },
);
