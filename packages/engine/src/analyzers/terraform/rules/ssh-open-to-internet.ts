import type { FileRule } from "../../../rule.ts";
import type { TerraformModel } from "../model.ts";
import { checkOpenPorts } from "../network.ts";

export const sshOpenToInternet: FileRule<TerraformModel> = {
  id: "terraform/ssh-open-to-internet",
  analyzer: "terraform",
  title: "SSH (port 22) open to the internet",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-01"],
  docs: {
    summary:
      "A security group, network ACL, Azure network security rule or Google firewall admits port 22 " +
      "from `0.0.0.0/0`, `::/0`, `*` or `Internet`.",
    whyItMatters:
      "SSH exposed to the whole internet is scanned within minutes; weak or leaked keys and sshd " +
      "vulnerabilities then lead straight to a shell.",
    remediation:
      "Restrict the source to known ranges (a VPN or office CIDR), or drop the rule and use a bastion, " +
      "AWS Session Manager, Azure Bastion or Google IAP TCP forwarding. Rules that open every port are " +
      "reported once, by `terraform/all-ports-open-to-internet`.",
    example:
      'resource "aws_security_group_rule" "ssh" {\n  type        = "ingress"\n  from_port   = 22\n  to_port     = 22\n  protocol    = "tcp"\n  cidr_blocks = ["10.20.0.0/16"]\n}',
    references: ["https://docs.aws.amazon.com/vpc/latest/userguide/security-group-rules.html"],
  },
  check(ctx) {
    checkOpenPorts(ctx, [22], () => "SSH port 22");
  },
};
