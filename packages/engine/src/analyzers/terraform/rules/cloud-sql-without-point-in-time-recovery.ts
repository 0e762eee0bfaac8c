import { judge, nested, setting, settingRule } from "../checks.ts";

export const cloudSqlWithoutPointInTimeRecovery = settingRule(
  {
    id: "terraform/cloud-sql-without-point-in-time-recovery",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL without point-in-time recovery",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [693],
    controls: ["IAC-BAK-01"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` has backups configured but `point_in_time_recovery_enabled` unset (default false) or false.",
      whyItMatters:
        "Only the daily backup can be restored; everything written since it (up to a day of data) is lost after a destructive mistake.",
      remediation: "Set `backup_configuration { enabled = true; point_in_time_recovery_enabled = true }`.",
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    backup_configuration {\n      enabled                        = true\n      point_in_time_recovery_enabled = true\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/backup-recovery/pitr"],
    },
  },
  {
    types: ["google_sql_database_instance"],
    path: ["settings", "backup_configuration"],
    attribute: "point_in_time_recovery_enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "cannot be restored to a point in time",
    fixValue: "true",
    exempt: (model, resource) => {
      if (resource.attributes.has("master_instance_name")) return true;
      const version = setting(model, resource, "database_version");
      if (
        version.state !== "known" ||
        typeof version.value !== "string" ||
        !version.value.startsWith("POSTGRES")
      )
        return true;
      return nested(resource, ["settings", "backup_configuration"]) === undefined;
    },
  },
);
