import { judge, settingRule } from "../checks.ts";

export const rdsWithoutDeletionProtection = settingRule(
  {
    id: "terraform/rds-without-deletion-protection",
    analyzer: "terraform",
    title: "RDS database without deletion protection",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "An `aws_db_instance` or `aws_rds_cluster` leaves `deletion_protection` unset or false.",
      whyItMatters:
        "A mistaken `terraform destroy`, a rename that forces replacement, or a console click deletes the " +
        "database outright.",
      remediation:
        "Set `deletion_protection = true`; turn it off deliberately in the change that retires the database.",
      example: 'resource "aws_rds_cluster" "main" {\n  deletion_protection = true\n}',
      references: ["https://docs.aws.amazon.com/AmazonRDS/latest/UserGuide/USER_DeleteInstance.html"],
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be deleted without a protection switch",
    fixValue: "true",
  },
);
