import { judge, settingRule } from "../checks.ts";

export const configRecorderNotRecordingAll = settingRule(
  {
    id: "terraform/config-recorder-not-recording-all",
    analyzer: "terraform",
    title: "AWS Config recorder does not record every resource type",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-01"],
    docs: {
      summary: "An `aws_config_configuration_recorder` sets `recording_group { all_supported = false }`.",
      whyItMatters:
        "Resource types left out of the recorder change without a configuration history, hiding drift and tampering from later review.",
      remediation:
        "Set `recording_group { all_supported = true }` (the default) and `include_global_resource_types = true` in one region.",
      example:
        'resource "aws_config_configuration_recorder" "main" {\n  recording_group {\n    all_supported                 = true\n    include_global_resource_types = true\n  }\n}',
    },
  },
  {
    types: ["aws_config_configuration_recorder"],
    path: ["recording_group"],
    attribute: "all_supported",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "records only some resource types",
  },
);
