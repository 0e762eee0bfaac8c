import { judge, setting, settingRule } from "../checks.ts";

export const gcpDnsZoneWithoutDnssec = settingRule(
  {
    id: "terraform/gcp-dns-zone-without-dnssec",
    analyzer: "terraform",
    title: "Public Cloud DNS zone without DNSSEC",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [350],
    controls: ["IAC-NET-02"],
    docs: {
      summary:
        'A public `google_dns_managed_zone` has no `dnssec_config`, or one whose `state` is unset or `"off"` (private zones, which cannot sign, are not flagged).',
      whyItMatters:
        "Resolvers cannot verify the zone's answers; cache poisoning or a hijacked path can send users and services to attacker-controlled addresses.",
      remediation: 'Add `dnssec_config { state = "on" }` and publish the DS record at the registrar.',
      example: 'resource "google_dns_managed_zone" "public" {\n  dnssec_config {\n    state = "on"\n  }\n}',
      references: ["https://cloud.google.com/dns/docs/dnssec-config"],
    },
  },
  {
    types: ["google_dns_managed_zone"],
    path: ["dnssec_config"],
    attribute: "state",
    judge: judge.noneOf("off"),
    whenMissing: "unsafe",
    problem: "does not sign its records with DNSSEC",
    fixValue: '"on"',
    exempt: (model, resource) => {
      const visibility = setting(model, resource, "visibility");
      return (
        visibility.state === "unknown" || (visibility.state === "known" && visibility.value !== "public")
      );
    },
  },
);
