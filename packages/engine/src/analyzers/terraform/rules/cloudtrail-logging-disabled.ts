import { judge, settingRule } from "../checks.ts";

export const cloudtrailLoggingDisabled = settingRule(
  {
    id: "terraform/cloudtrail-logging-disabled",
    analyzer: "terraform",
    title: "CloudTrail trail with logging turned off",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01"],
    docs: {
      summary: "An `aws_cloudtrail` sets `enable_logging = false`: the trail exists but records nothing.",
      whyItMatters:
        "A stopped trail is the classic way to hide activity; nothing the account does is recorded while it is off.",
      remediation: "Remove `enable_logging = false` (the default is on) or set it to `true`.",
      example: 'resource "aws_cloudtrail" "main" {\n  enable_logging = true\n}',
    },
  },
  {
    types: ["aws_cloudtrail"],
    attribute: "enable_logging",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "is not logging",
    fixValue: "true",
  },
);
