import { judge, settingRule } from "../checks.ts";

export const ecsServicePublicIp = settingRule(
  {
    id: "terraform/ecs-service-public-ip",
    analyzer: "terraform",
    title: "ECS service tasks get public IP addresses",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_ecs_service` sets `network_configuration { assign_public_ip = true }`.",
      whyItMatters:
        "Each task gets a public address, reachable from the internet as far as its security groups allow.",
      remediation:
        "Set `assign_public_ip = false`, run tasks in private subnets and expose them through a load balancer.",
      example:
        'resource "aws_ecs_service" "app" {\n  network_configuration {\n    subnets          = aws_subnet.private[*].id\n    assign_public_ip = false\n  }\n}',
    },
  },
  {
    types: ["aws_ecs_service"],
    path: ["network_configuration"],
    attribute: "assign_public_ip",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "gives its tasks public IPs",
    fixValue: "false",
  },
);
