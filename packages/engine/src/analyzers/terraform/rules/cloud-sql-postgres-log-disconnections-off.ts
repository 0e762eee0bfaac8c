import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlPostgresLogDisconnectionsOff = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-log-disconnections-off",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL does not log disconnections",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` leaves the `log_disconnections` flag unset (default off) or `off`.",
      whyItMatters:
        "Session ends and durations are not recorded, so what a session did and for how long cannot be reconstructed.",
      remediation: 'Add `database_flags { name = "log_disconnections"; value = "on" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_disconnections"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_disconnections",
    judge: flagIs("on"),
    whenMissing: "unsafe",
    problem: "does not log disconnections",
  },
);
