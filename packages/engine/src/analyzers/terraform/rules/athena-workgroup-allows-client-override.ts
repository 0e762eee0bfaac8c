import { judge, settingRule } from "../checks.ts";

export const athenaWorkgroupAllowsClientOverride = settingRule(
  {
    id: "terraform/athena-workgroup-allows-client-override",
    analyzer: "terraform",
    title: "Athena workgroup lets clients override its settings",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_athena_workgroup` sets `configuration { enforce_workgroup_configuration = false }`.",
      whyItMatters: "Clients may then write results to any location without the workgroup's encryption.",
      remediation: "Remove `enforce_workgroup_configuration = false` (the default is true).",
      example:
        'resource "aws_athena_workgroup" "analytics" {\n  configuration {\n    enforce_workgroup_configuration = true\n  }\n}',
    },
  },
  {
    types: ["aws_athena_workgroup"],
    path: ["configuration"],
    attribute: "enforce_workgroup_configuration",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "lets clients override its result location and encryption",
    fixValue: "true",
  },
);
