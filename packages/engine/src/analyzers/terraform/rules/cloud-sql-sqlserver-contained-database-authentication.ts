import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlSqlserverContainedDatabaseAuthentication = databaseFlagRule(
  {
    id: "terraform/cloud-sql-sqlserver-contained-database-authentication",
    analyzer: "terraform",
    title: "Cloud SQL for SQL Server with contained database authentication",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [287],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A SQL Server `google_sql_database_instance` sets the `contained database authentication` flag to `on`.",
      whyItMatters:
        "Users defined inside a contained database authenticate without a server login, bypassing server-level password policy and auditing.",
      remediation: 'Set `contained database authentication` to `"off"` (the default).',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "contained database authentication"\n      value = "off"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/sqlserver/flags"],
    },
  },
  {
    engine: "SQLSERVER",
    flag: "contained database authentication",
    judge: flagIs("off"),
    whenMissing: "safe",
    problem: "enables contained database authentication",
  },
);
