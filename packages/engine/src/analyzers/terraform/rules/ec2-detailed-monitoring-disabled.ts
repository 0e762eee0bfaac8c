import { judge, settingRule } from "../checks.ts";

export const ec2DetailedMonitoringDisabled = settingRule(
  {
    id: "terraform/ec2-detailed-monitoring-disabled",
    analyzer: "terraform",
    title: "EC2 instance without detailed monitoring",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-MON-01"],
    docs: {
      summary:
        "An `aws_instance` does not set `monitoring = true`, so CloudWatch samples its metrics only every five minutes.",
      whyItMatters:
        "Five-minute metrics blur short spikes (crypto-mining bursts, exfiltration, a runaway process) that one-minute metrics and alarms would catch.",
      remediation: "Set `monitoring = true`.",
      example: 'resource "aws_instance" "web" {\n  monitoring = true\n}',
    },
  },
  {
    types: ["aws_instance"],
    attribute: "monitoring",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "has detailed monitoring off",
    fixValue: "true",
  },
);
