import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlSqlserverRemoteAccessEnabled = databaseFlagRule(
  {
    id: "terraform/cloud-sql-sqlserver-remote-access-enabled",
    analyzer: "terraform",
    title: "Cloud SQL for SQL Server allows remote access to stored procedures",
    severity: "low",
    confidence: "medium",
    lifecycle: "preview",
    cwe: [284],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A SQL Server `google_sql_database_instance` leaves the `remote access` flag unset (default on) or `on`.",
      whyItMatters:
        "Stored procedures can be run from and on remote servers, which attackers use to pivot and to amplify a denial of service.",
      remediation: 'Add `database_flags { name = "remote access"; value = "off" }`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "remote access"\n      value = "off"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/sqlserver/flags"],
    },
  },
  {
    engine: "SQLSERVER",
    flag: "remote access",
    judge: flagIs("off"),
    whenMissing: "unsafe",
    problem: "allows remote access to stored procedures",
  },
);
