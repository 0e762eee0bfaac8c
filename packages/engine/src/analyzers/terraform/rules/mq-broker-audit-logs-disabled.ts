import { judge, setting, settingRule } from "../checks.ts";

export const mqBrokerAuditLogsDisabled = settingRule(
  {
    id: "terraform/mq-broker-audit-logs-disabled",
    analyzer: "terraform",
    title: "ActiveMQ broker without audit logs",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An ActiveMQ `aws_mq_broker` does not set `logs { audit = true }` (the default is off).",
      whyItMatters:
        "Audit logs record management actions on the broker (who created, deleted or changed destinations and users).",
      remediation: "Add `logs { audit = true }`. RabbitMQ brokers have no audit log and are not flagged.",
      example:
        'resource "aws_mq_broker" "events" {\n  engine_type = "ActiveMQ"\n  logs {\n    audit = true\n  }\n}',
    },
  },
  {
    types: ["aws_mq_broker"],
    path: ["logs"],
    attribute: "audit",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not write audit logs",
    fixValue: "true",
    exempt: (model, resource) => {
      const engine = setting(model, resource, "engine_type");
      return engine.state !== "known" || String(engine.value).toLowerCase() !== "activemq";
    },
  },
);
