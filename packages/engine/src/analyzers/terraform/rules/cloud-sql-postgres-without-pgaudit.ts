import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlPostgresWithoutPgaudit = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-without-pgaudit",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL without pgAudit",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` leaves the `cloudsql.enable_pgaudit` flag unset (default off) or `off`.",
      whyItMatters:
        "Without pgAudit, who read or changed which data is not recorded in the audit logs; only connections are.",
      remediation:
        'Add `database_flags { name = "cloudsql.enable_pgaudit"; value = "on" }` and set `pgaudit.log` to the classes you need.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "cloudsql.enable_pgaudit"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/pg-audit"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "cloudsql.enable_pgaudit",
    judge: flagIs("on"),
    whenMissing: "unsafe",
    problem: "does not record data access with pgAudit",
  },
);
