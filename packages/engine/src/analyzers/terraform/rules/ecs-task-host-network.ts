import { judge, settingRule } from "../checks.ts";

export const ecsTaskHostNetwork = settingRule(
  {
    id: "terraform/ecs-task-host-network",
    analyzer: "terraform",
    title: "ECS task shares the host's network namespace",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [653],
    controls: ["K8S-POD-03"],
    docs: {
      summary: 'An `aws_ecs_task_definition` sets `network_mode = "host"`.',
      whyItMatters:
        "Containers then see every interface and port of the instance, can bind to its ports and reach services listening on localhost, including the metadata endpoint without a hop limit.",
      remediation: 'Use `network_mode = "awsvpc"` (or `bridge`).',
      example: 'resource "aws_ecs_task_definition" "app" {\n  network_mode = "awsvpc"\n}',
    },
  },
  {
    types: ["aws_ecs_task_definition"],
    attribute: "network_mode",
    judge: judge.noneOf("host"),
    whenMissing: "safe",
    problem: "shares the host's network namespace",
  },
);
