import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlSqlserverExternalScriptsEnabled = databaseFlagRule(
  {
    id: "terraform/cloud-sql-sqlserver-external-scripts-enabled",
    analyzer: "terraform",
    title: "Cloud SQL for SQL Server runs external scripts",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [94],
    controls: ["IAC-HARD-01"],
    docs: {
      summary:
        "A SQL Server `google_sql_database_instance` sets the `external scripts enabled` flag to `on`.",
      whyItMatters:
        "R and Python scripts run from T-SQL execute outside the database engine's security boundary; a SQL injection becomes code execution.",
      remediation: 'Set `external scripts enabled` to `"off"` (the default).',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "external scripts enabled"\n      value = "off"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/sqlserver/flags"],
    },
  },
  {
    engine: "SQLSERVER",
    flag: "external scripts enabled",
    judge: flagIs("off"),
    whenMissing: "safe",
    problem: "runs external scripts",
  },
);
