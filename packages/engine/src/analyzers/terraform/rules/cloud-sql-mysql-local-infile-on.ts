import { databaseFlagRule, flagIs } from "../checks-extra.ts";

export const cloudSqlMysqlLocalInfileOn = databaseFlagRule(
  {
    id: "terraform/cloud-sql-mysql-local-infile-on",
    analyzer: "terraform",
    title: "Cloud SQL for MySQL allows LOAD DATA LOCAL",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [73],
    controls: ["IAC-HARD-01"],
    docs: {
      summary: "A MySQL `google_sql_database_instance` sets the `local_infile` flag to `on`.",
      whyItMatters:
        "`LOAD DATA LOCAL INFILE` lets a malicious or compromised server read files from connecting clients, and a SQL injection read client files.",
      remediation: 'Set `local_infile` to `"off"`.',
      example:
        'resource "google_sql_database_instance" "db" {\n  settings {\n    database_flags {\n      name  = "local_infile"\n      value = "off"\n    }\n  }\n}',
      references: ["https://dev.mysql.com/doc/refman/8.0/en/load-data-local-security.html"],
    },
  },
  {
    engine: "MYSQL",
    flag: "local_infile",
    judge: flagIs("off"),
    whenMissing: "safe",
    problem: "allows LOAD DATA LOCAL",
  },
);
