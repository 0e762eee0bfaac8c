import { judge, settingRule } from "../checks.ts";

export const rdsWithoutMultiAz = settingRule(
  {
    id: "terraform/rds-without-multi-az",
    analyzer: "terraform",
    title: "RDS instance in a single availability zone",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    controls: [],
    docs: {
      summary: "An `aws_db_instance` does not set `multi_az = true` (the default is false).",
      whyItMatters:
        "An outage of its zone or host takes the database down until a restore from backup, which loses the writes since the last backup.",
      remediation: "Set `multi_az = true` for production databases. Read replicas are not flagged.",
      example: 'resource "aws_db_instance" "main" {\n  multi_az = true\n}',
    },
  },
  {
    types: ["aws_db_instance"],
    attribute: "multi_az",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "runs in a single availability zone",
    fixValue: "true",
    exempt: (_model, resource) => resource.attributes.has("replicate_source_db"),
  },
);
