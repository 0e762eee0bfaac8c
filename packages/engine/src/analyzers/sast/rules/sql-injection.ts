import { defineTaintRule } from "../taint-rule.ts";

export const sqlInjection = defineTaintRule({
  hazard: "sql-injection",
  category: "security",
  title: "SQL query built from untrusted input",
  severity: "critical",
  confidence: "high",
  lifecycle: "preview",
  cwe: [89],
  controls: ["SAST-INJ-01"],
  fixable: true,
  docs: {
    summary:
      "Request data, command-line arguments or other untrusted input flows into the text of a SQL query (string concatenation, template literals, f-strings, `String.format`, `fmt.Sprintf`).",
    whyItMatters:
      "An attacker who controls part of the query text can read or change any data the database account can reach, bypass logins, and sometimes run commands on the database host.",
    remediation:
      "Keep the query text constant and pass untrusted values as bind parameters (`?`, `$1`, `%s`, `:name`); the driver sends them separately from the SQL. Identifiers (table or column names) must come from an allow-list.",
    example:
      'db.query("SELECT * FROM users WHERE id = ?", [req.query.id]);\ncursor.execute("SELECT * FROM users WHERE id = %s", (user_id,))',
    references: [
      "https://owasp.org/www-community/attacks/SQL_Injection",
      "https://cheatsheetseries.owasp.org/cheatsheets/Query_Parameterization_Cheat_Sheet.html",
    ],
  },
});
