import type { FileRule } from "../../../rule.ts";
import { at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { describeRule, inboundRules, opensAllPorts } from "../network.ts";

export const allPortsOpenToInternet: FileRule<TerraformModel> = {
  id: "terraform/all-ports-open-to-internet",
  analyzer: "terraform",
  title: "Every port open to the internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02", "IAC-NET-01"],
  docs: {
    summary:
      "A security group, Azure network security rule or Google firewall admits all protocols, or every " +
      "port, from `0.0.0.0/0`, `::/0`, `*` or `Internet`.",
    whyItMatters:
      "Every service on the host — admin interfaces, debug ports, databases — is reachable by anyone; the " +
      "network no longer limits anything.",
    remediation:
      "Admit only the ports the service needs, from the sources that need them. Network ACLs are not " +
      "reported here: allowing everything is their default and security groups do the filtering.",
    example:
      'resource "google_compute_firewall" "web" {\n  source_ranges = ["0.0.0.0/0"]\n  allow {\n    protocol = "tcp"\n    ports    = ["443"]\n  }\n}',
    references: ["https://cloud.google.com/firewall/docs/firewalls"],
  },
  check(ctx) {
    for (const rule of inboundRules(ctx.model)) {
      if (rule.kind === "network-acl" || !opensAllPorts(rule)) continue;
      ctx.report({ message: `${describeRule(rule)} on every port`, at: at(rule.at) });
    }
  },
};
