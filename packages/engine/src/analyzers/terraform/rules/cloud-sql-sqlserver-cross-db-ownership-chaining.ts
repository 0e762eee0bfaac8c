import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlSqlserverCrossDbOwnershipChaining = databaseFlagRule(
  {
    id: "terraform/cloud-sql-sqlserver-cross-db-ownership-chaining",
    analyzer: "terraform",
    title: "Cloud SQL for SQL Server with cross-database ownership chaining",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [269],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "A SQL Server `google_sql_database_instance` sets the `cross db ownership chaining` flag to `on`.",
      whyItMatters:
        "A user who owns objects in one database can reach objects in another through ownership chains, escalating across databases.",
      remediation: 'Set `cross db ownership chaining` to `"off"` (the default).',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "cross db ownership chaining"\n      value = "off"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/sqlserver/flags"],
    },
  },
  {
    engine: "SQLSERVER",
    flag: "cross db ownership chaining",
    judge: flagIs("off"),
    whenMissing: "safe",
    problem: "enables cross-database ownership chaining",
  },
);
