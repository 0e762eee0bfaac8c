import { judge, settingRule } from "../checks.ts";

export const mqBrokerGeneralLogsDisabled = settingRule(
  {
    id: "terraform/mq-broker-general-logs-disabled",
    analyzer: "terraform",
    title: "Amazon MQ broker without general logs",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_mq_broker` does not set `logs { general = true }` (the default is off).",
      whyItMatters:
        "General logs record connections and broker errors; without them misuse of the broker leaves no trace.",
      remediation: "Add `logs { general = true }` (and `audit = true` for ActiveMQ).",
      example: 'resource "aws_mq_broker" "events" {\n  logs {\n    general = true\n  }\n}',
    },
  },
  {
    types: ["aws_mq_broker"],
    path: ["logs"],
    attribute: "general",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not write general logs",
    fixValue: "true",
  },
);
