import { judge, settingRule } from "../checks.ts";

export const databaseSkipsFinalSnapshot = settingRule(
  {
    id: "terraform/database-skips-final-snapshot",
    analyzer: "terraform",
    title: "Database destroyed without a final snapshot",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An RDS, Aurora, Redshift, Neptune or DocumentDB cluster sets `skip_final_snapshot = true`, so `terraform destroy` (or a replacement) deletes it with no last backup.",
      whyItMatters:
        "A mistaken destroy, a rename that forces replacement or a wrong workspace removes the data for good once automated backups are deleted with the database.",
      remediation:
        "Remove `skip_final_snapshot = true` and set `final_snapshot_identifier`. Read replicas are not flagged.",
      example:
        'resource "aws_db_instance" "main" {\n  skip_final_snapshot       = false\n  final_snapshot_identifier = "main-final"\n}',
    },
  },
  {
    types: [
      "aws_db_instance",
      "aws_rds_cluster",
      "aws_redshift_cluster",
      "aws_neptune_cluster",
      "aws_docdb_cluster",
    ],
    attribute: "skip_final_snapshot",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is destroyed without a final snapshot",
    fixValue: "false",
    exempt: (_model, resource) =>
      resource.attributes.has("replicate_source_db") ||
      resource.attributes.has("replication_source_identifier"),
  },
);
