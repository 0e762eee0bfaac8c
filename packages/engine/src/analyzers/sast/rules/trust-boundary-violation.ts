import { defineTaintRule } from "../taint-rule.ts";

export const trustBoundaryViolation = defineTaintRule({
  hazard: "trust-boundary-violation",
  category: "security",
  title: "Untrusted input stored in the session",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [501],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary:
      "Request data is stored in the server-side session (`session.setAttribute`, `session[...] =`, `req.session.x =`) without validation, mixing trusted and untrusted data.",
    whyItMatters:
      "Later code trusts session values as if the server had set them (a role, a user id), so unvalidated input stored there crosses the trust boundary.",
    remediation:
      "Validate or normalise the value (type, allow-list) before storing it in the session, and keep identity and role data set only by the authentication code.",
    example: "if (!LANGUAGES.includes(lang)) return res.sendStatus(400);\nreq.session.lang = lang;",
    references: ["https://cwe.mitre.org/data/definitions/501.html"],
  },
});
