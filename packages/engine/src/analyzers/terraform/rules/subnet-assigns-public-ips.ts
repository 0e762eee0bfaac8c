import { judge, settingRule } from "../checks.ts";

export const subnetAssignsPublicIps = settingRule(
  {
    id: "terraform/subnet-assigns-public-ips",
    analyzer: "terraform",
    title: "Subnet gives instances public IP addresses",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_subnet` sets `map_public_ip_on_launch = true`.",
      whyItMatters:
        "Every instance launched in the subnet gets a public address, whether or not it is meant to be reachable from the internet.",
      remediation:
        "Set `map_public_ip_on_launch = false` and give public addresses only to the resources that need them (load balancers, NAT gateways).",
      example: 'resource "aws_subnet" "app" {\n  map_public_ip_on_launch = false\n}',
    },
  },
  {
    types: ["aws_subnet"],
    attribute: "map_public_ip_on_launch",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "assigns public IPs to instances",
    fixValue: "false",
  },
);
