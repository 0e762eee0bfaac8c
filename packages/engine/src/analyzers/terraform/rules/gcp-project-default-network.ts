import { judge, settingRule } from "../checks.ts";

export const gcpProjectDefaultNetwork = settingRule(
  {
    id: "terraform/gcp-project-default-network",
    analyzer: "terraform",
    title: "Project created with the default network",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "A `google_project` leaves `auto_create_network` unset (default true) or true.",
      whyItMatters:
        "The default network comes with firewall rules that allow SSH, RDP and ICMP from anywhere and internal traffic on every port.",
      remediation: "Set `auto_create_network = false` and create a custom VPC with explicit firewall rules.",
      example: 'resource "google_project" "app" {\n  auto_create_network = false\n}',
      references: ["https://cloud.google.com/vpc/docs/vpc#default-network"],
    },
  },
  {
    types: ["google_project"],
    attribute: "auto_create_network",
    judge: judge.boolean(false),
    whenMissing: "unsafe",
    problem: "creates the default network with its permissive firewall rules",
    fixValue: "false",
  },
);
