import { judge, settingRule } from "../checks.ts";

export const gceIpForwardingEnabled = settingRule(
  {
    id: "terraform/gce-ip-forwarding-enabled",
    analyzer: "terraform",
    title: "Compute Engine instance can forward IP packets",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "A `google_compute_instance` or instance template sets `can_ip_forward = true`.",
      whyItMatters:
        "The VM can send and receive packets for addresses that are not its own, so a compromised VM can spoof traffic or route around firewall rules; only NAT and router appliances need it.",
      remediation: "Set `can_ip_forward = false` (the default) unless the instance is a network appliance.",
      example: 'resource "google_compute_instance" "vm" {\n  can_ip_forward = false\n}',
      references: ["https://cloud.google.com/vpc/docs/using-routes#canipforward"],
    },
  },
  {
    types: ["google_compute_instance", "google_compute_instance_template"],
    attribute: "can_ip_forward",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "can forward packets for other addresses",
    fixValue: "false",
  },
);
