import { defineTaintRule } from "../taint-rule.ts";

export const codeInjection = defineTaintRule({
  hazard: "code-injection",
  category: "security",
  title: "Code or template evaluated from untrusted input",
  severity: "critical",
  confidence: "high",
  lifecycle: "preview",
  cwe: [94, 95, 1336],
  controls: ["SAST-INJ-03"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input reaches a code evaluator (`eval`, `Function`, `vm`, `exec`, a script engine) or is compiled as a server-side template (Jinja2, EJS, Pug, Handlebars, Go `text/template`).",
    whyItMatters:
      "Whoever controls the text runs code inside the service: read secrets, change data, take over the host.",
    remediation:
      "Never evaluate input. Parse data with a data parser (`JSON.parse`, `ast.literal_eval`), and render fixed templates with user data passed as variables, not as template text.",
    example: 'const value = JSON.parse(req.body.expression);\nrender_template("hello.html", name=name)',
    references: [
      "https://owasp.org/www-community/attacks/Code_Injection",
      "https://portswigger.net/web-security/server-side-template-injection",
    ],
  },
});
