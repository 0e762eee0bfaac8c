import { databaseFlagRule } from "../checks-extra.ts";

export const cloudSqlPostgresLogsStatements = databaseFlagRule(
  {
    id: "terraform/cloud-sql-postgres-logs-statements",
    analyzer: "terraform",
    title: "Cloud SQL for PostgreSQL logs statement text by duration",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [532],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "A PostgreSQL `google_sql_database_instance` sets the `log_min_duration_statement` flag to a value other than `-1`, so full statement text is written to the logs.",
      whyItMatters:
        "Logged SQL statements carry literal values: personal data, tokens and passwords set with `ALTER ROLE … PASSWORD` end up in Cloud Logging.",
      remediation:
        'Set `log_min_duration_statement` to `"-1"` (the default) and use Query Insights for slow queries.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "log_min_duration_statement"\n      value = "-1"\n    }\n  }\n}',
      references: ["https://cloud.google.com/sql/docs/postgres/flags"],
    },
  },
  {
    engine: "POSTGRES",
    flag: "log_min_duration_statement",
    judge: (value) => (value.trim() === "-1" ? "safe" : /^\d+$/.test(value.trim()) ? "unsafe" : "unknown"),
    whenMissing: "safe",
    problem: "writes statement text to the logs",
  },
);
