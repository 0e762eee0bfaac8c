import { judge, settingRule } from "../checks.ts";

export const mqBrokerPubliclyAccessible = settingRule(
  {
    id: "terraform/mq-broker-publicly-accessible",
    analyzer: "terraform",
    title: "Amazon MQ broker reachable from the internet",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_mq_broker` sets `publicly_accessible = true`.",
      whyItMatters:
        "The broker's endpoints get public addresses, leaving its user passwords as the only protection of every queue.",
      remediation: "Set `publicly_accessible = false` and connect from inside the VPC.",
      example: 'resource "aws_mq_broker" "events" {\n  publicly_accessible = false\n}',
    },
  },
  {
    types: ["aws_mq_broker"],
    attribute: "publicly_accessible",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is publicly accessible",
    fixValue: "false",
  },
);
