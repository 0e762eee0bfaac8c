import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlPostgresLogCheckpointsOff = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-log-checkpoints-off",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL does not log checkpoints",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` sets the `log_checkpoints` flag to `off`, or leaves it unset on PostgreSQL 14 and older (where it is off by default).",
      whyItMatters:
        "Checkpoint logs show I/O pressure and unexpected restarts; without them, tampering and outages are harder to reconstruct.",
      remediation: 'Add `database_flags { name = "log_checkpoints"; value = "on" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_checkpoints"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_checkpoints",
    judge: flagIs("on"),
    whenMissing: (major) => (major !== undefined && major >= 15 ? "safe" : "unsafe"),
    problem: "does not log checkpoints",
  },
);
