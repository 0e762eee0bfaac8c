import { judge, settingRule } from "../checks.ts";

export const cloudtrailLogValidationDisabled = settingRule(
  {
    id: "terraform/cloudtrail-log-validation-disabled",
    analyzer: "terraform",
    title: "CloudTrail trail without log file validation",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [354],
    controls: ["IAC-LOG-01"],
    docs: {
      summary: "An `aws_cloudtrail` leaves `enable_log_file_validation` unset or false.",
      whyItMatters:
        "Without digest files nobody can prove that log files were not edited or deleted after delivery, which is what an intruder covering tracks does.",
      remediation: "Set `enable_log_file_validation = true`.",
      example: 'resource "aws_cloudtrail" "main" {\n  enable_log_file_validation = true\n}',
      references: [
        "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/cloudtrail-log-file-validation-intro.html",
      ],
    },
  },
  {
    types: ["aws_cloudtrail"],
    attribute: "enable_log_file_validation",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not validate its log files",
    fixValue: "true",
  },
);
