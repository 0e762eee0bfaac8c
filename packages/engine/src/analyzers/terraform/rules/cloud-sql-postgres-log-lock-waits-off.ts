import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlPostgresLogLockWaitsOff = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-log-lock-waits-off",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL does not log lock waits",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` leaves the `log_lock_waits` flag unset (default off) or `off`.",
      whyItMatters: "Long lock waits, a sign of contention or of a denial of service, are not logged.",
      remediation: 'Add `database_flags { name = "log_lock_waits"; value = "on" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_lock_waits"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_lock_waits",
    judge: flagIs("on"),
    whenMissing: "unsafe",
    problem: "does not log lock waits",
  },
);
