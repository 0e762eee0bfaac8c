import { defineTaintRule } from "../taint-rule.ts";

export const nosqlInjection = defineTaintRule({
  hazard: "nosql-injection",
  category: "security",
  title: "MongoDB query built from untrusted input",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [943],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input is used as (part of) a MongoDB query document, so a client can send operators such as `$ne` or `$where` instead of a value.",
    whyItMatters:
      "`{ password: { $ne: null } }` sent as JSON matches every user: logins are bypassed and records leak; `$where` runs JavaScript on the server.",
    remediation:
      "Convert each value to the type you expect (`String(x)`, `Number(x)`, `ObjectId(x)`) before putting it into a query, or strip keys starting with `$` (express-mongo-sanitize).",
    example: "User.findOne({ name: String(req.body.name) });",
    references: [
      "https://owasp.org/www-project-web-security-testing-guide/latest/4-Web_Application_Security_Testing/07-Input_Validation_Testing/05.6-Testing_for_NoSQL_Injection",
    ],
  },
});
