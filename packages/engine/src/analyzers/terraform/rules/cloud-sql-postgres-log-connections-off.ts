import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlPostgresLogConnectionsOff = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-log-connections-off",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL does not log connections",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` leaves the `log_connections` flag unset (default off) or `off`.",
      whyItMatters:
        "Connection attempts, successful or not, are not recorded; brute force and logins from unexpected places go unseen.",
      remediation: 'Add `database_flags { name = "log_connections"; value = "on" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_connections"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_connections",
    judge: flagIs("on"),
    whenMissing: "unsafe",
    problem: "does not log connections",
  },
);
