import { judge, settingRule } from "../checks.ts";

export const mqBrokerAutoMinorUpgradeDisabled = settingRule(
  {
    id: "terraform/mq-broker-auto-minor-upgrade-disabled",
    analyzer: "terraform",
    title: "Amazon MQ broker without automatic minor upgrades",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "An `aws_mq_broker` does not set `auto_minor_version_upgrade = true` (the default is false).",
      whyItMatters:
        "Broker engine fixes, security ones included, are then applied only when someone upgrades by hand.",
      remediation: "Set `auto_minor_version_upgrade = true`.",
      example: 'resource "aws_mq_broker" "events" {\n  auto_minor_version_upgrade = true\n}',
    },
  },
  {
    types: ["aws_mq_broker"],
    attribute: "auto_minor_version_upgrade",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not take minor version upgrades",
    fixValue: "true",
  },
);
