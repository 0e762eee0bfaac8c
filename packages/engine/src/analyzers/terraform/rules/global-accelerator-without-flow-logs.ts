import { judge, settingRule } from "../checks.ts";

export const globalAcceleratorWithoutFlowLogs = settingRule(
  {
    id: "terraform/global-accelerator-without-flow-logs",
    analyzer: "terraform",
    title: "Global Accelerator without flow logs",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-02"],
    docs: {
      summary: "An `aws_globalaccelerator_accelerator` has no `attributes { flow_logs_enabled = true }`.",
      whyItMatters: "Flow logs are the only record of the traffic an accelerator admitted from the internet.",
      remediation:
        "Add `attributes { flow_logs_enabled = true, flow_logs_s3_bucket = …, flow_logs_s3_prefix = … }`.",
      example:
        'resource "aws_globalaccelerator_accelerator" "edge" {\n  attributes {\n    flow_logs_enabled   = true\n    flow_logs_s3_bucket = aws_s3_bucket.logs.id\n    flow_logs_s3_prefix = "accelerator/"\n  }\n}',
    },
  },
  {
    types: ["aws_globalaccelerator_accelerator"],
    path: ["attributes"],
    attribute: "flow_logs_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not record flow logs",
  },
);
