import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlMysqlShowsAllDatabases = databaseFlagRule(
  {
    id: "terraform/cloud-sql-mysql-shows-all-databases",
    analyzer: "terraform",
    title: "Cloud SQL for MySQL shows every database to every user",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [200],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A MySQL `google_sql_database_instance` leaves the `skip_show_database` flag unset (default off) or `off`.",
      whyItMatters:
        "Any user can list every database on the instance, which tells an attacker what else is there to go after.",
      remediation: 'Add `database_flags { name = "skip_show_database"; value = "on" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "skip_show_database"\n      value = "on"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/mysql/flags"],
    },
  },
  {
    engine: "MYSQL",
    flag: "skip_show_database",
    judge: flagIs("on"),
    whenMissing: "unsafe",
    problem: "lets every user list every database",
  },
);
