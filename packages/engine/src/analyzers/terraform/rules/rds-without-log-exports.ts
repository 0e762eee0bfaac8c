import { judge, setting, settingRule } from "../checks.ts";

export const rdsWithoutLogExports = settingRule(
  {
    id: "terraform/rds-without-log-exports",
    analyzer: "terraform",
    title: "RDS database does not export its logs",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_db_instance` or `aws_rds_cluster` sets no `enabled_cloudwatch_logs_exports`, so its database logs stay on the instance.",
      whyItMatters:
        "Logins, errors and audit events kept only on the database rotate away quickly and disappear with it; exported to CloudWatch they can be searched, alarmed on and kept.",
      remediation:
        'Set `enabled_cloudwatch_logs_exports` to the engine\'s logs (e.g. `["postgresql"]`, `["audit", "error", "general", "slowquery"]`).',
      example:
        'resource "aws_db_instance" "main" {\n  engine                          = "postgres"\n  enabled_cloudwatch_logs_exports = ["postgresql", "upgrade"]\n}',
      references: [
        "https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_LogAccess.Procedural.UploadtoCloudWatch.html",
      ],
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "enabled_cloudwatch_logs_exports",
    judge: judge.nonEmptyList,
    whenMissing: "unsafe",
    problem: "does not export its logs to CloudWatch",
    exempt: (model, resource) => {
      const mode = setting(model, resource, "engine_mode");
      return mode.state === "unknown" || (mode.state === "known" && mode.value === "serverless");
    },
  },
);
