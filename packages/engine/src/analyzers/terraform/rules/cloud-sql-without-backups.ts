import { judge, settingRule } from "../checks.ts";

export const cloudSqlWithoutBackups = settingRule(
  {
    id: "terraform/cloud-sql-without-backups",
    analyzer: "terraform",
    title: "Cloud SQL instance without automated backups",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    controls: ["IAC-BAK-01"],
    docs: {
      summary: "A `google_sql_database_instance` has no `settings.backup_configuration { enabled = true }`.",
      whyItMatters:
        "Without automated backups and binary logs, a destructive mistake or corruption cannot be undone.",
      remediation:
        "Add `backup_configuration { enabled = true }` (with `point_in_time_recovery_enabled` or `binary_log_enabled`). Read replicas are not flagged.",
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    backup_configuration {\n      enabled                        = true\n      point_in_time_recovery_enabled = true\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/backup-recovery/backups"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    path: ["settings", "backup_configuration"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "takes no automated backups",
    fixValue: "true",
    exempt: (_model, resource) => resource.attributes.has("master_instance_name"),
  },
);
