import { judge, settingRule } from "../checks.ts";

export const ec2PublicIp = settingRule(
  {
    id: "terraform/ec2-public-ip",
    analyzer: "terraform",
    title: "EC2 instance given a public IP address",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_instance` or `aws_launch_configuration` sets `associate_public_ip_address = true`.",
      whyItMatters:
        "The instance is addressable from the internet; one permissive security group rule away from " +
        "exposing every service it runs.",
      remediation:
        "Set `associate_public_ip_address = false` and put the instance behind a load balancer, NAT or " +
        "Session Manager.",
      example: 'resource "aws_instance" "app" {\n  associate_public_ip_address = false\n}',
      references: ["https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/using-instance-addressing.html"],
    },
  },
  {
    types: ["aws_instance", "aws_launch_configuration"],
    attribute: "associate_public_ip_address",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "gets a public IP address",
    fixValue: "false",
  },
);
