import { judge, settingRule } from "../checks.ts";

export const guarddutyDetectorDisabled = settingRule(
  {
    id: "terraform/guardduty-detector-disabled",
    analyzer: "terraform",
    title: "GuardDuty detector turned off",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01"],
    docs: {
      summary: "An `aws_guardduty_detector` sets `enable = false`.",
      whyItMatters:
        "A disabled detector analyses no trail, flow log or DNS log: compromised credentials and instances go unnoticed.",
      remediation: "Remove `enable = false` (the default is on) or set it to `true`.",
      example: 'resource "aws_guardduty_detector" "main" {\n  enable = true\n}',
    },
  },
  {
    types: ["aws_guardduty_detector"],
    attribute: "enable",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "is disabled",
    fixValue: "true",
  },
);
