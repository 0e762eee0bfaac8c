import { definePatternRule } from "../pattern-rule.ts";

export const dynamicSqlQuery = definePatternRule({
  hazard: "dynamic-sql-query",
  category: "security",
  title: "SQL text built from a variable",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [89],
  controls: ["SAST-INJ-01"],
  fixable: true,
  docs: {
    summary:
      'A SQL statement (`SELECT \u2026 FROM`, `INSERT INTO`, `UPDATE \u2026 SET`, `DELETE FROM`) is built with an f-string, `%` formatting, `+` or `.format()` from a variable. Constants (`UPPER_CASE` names), numeric conversions and test code are not reported; when untrusted input provably reaches the query, `sast/sql-injection` reports the flow instead. Go: `fmt.Sprintf` of SQL text with a string verb (`%s`, `%v`, `%q`; `%d` is a number) or SQL text `+` a non-literal; names declared with a literal (`const table = "users"`) and values quoted by `pq.QuoteLiteral`/`QuoteIdentifier` are fixed.',
    whyItMatters:
      "Whatever the variable holds becomes SQL: the day it carries data from outside, the query can read or change any data the account reaches.",
    remediation:
      "Keep the SQL text constant and pass values as bind parameters; choose identifiers (tables, columns, sort order) from an allow-list.",
    example: 'cursor.execute("SELECT * FROM users WHERE name = %s", (name,))',
  },
});
