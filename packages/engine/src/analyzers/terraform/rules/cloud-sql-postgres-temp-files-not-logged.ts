import { databaseFlagRule } from "../checks-extra.ts";

export const cloudSqlPostgresTempFilesNotLogged = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-temp-files-not-logged",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL does not log temporary files",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` leaves the `log_temp_files` flag unset (default -1, off) or sets it to `-1`.",
      whyItMatters:
        "Queries spilling large temporary files (a sign of runaway or abusive queries) leave no trace.",
      remediation: 'Add `database_flags { name = "log_temp_files"; value = "0" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_temp_files"\n      value = "0"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_temp_files",
    judge: (value) => (value.trim() === "-1" ? "unsafe" : /^\d+$/.test(value.trim()) ? "safe" : "unknown"),
    whenMissing: "unsafe",
    problem: "does not log temporary files",
  },
);
