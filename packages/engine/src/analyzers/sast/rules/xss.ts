import { defineTaintRule } from "../taint-rule.ts";

export const xss = defineTaintRule({
  hazard: "xss",
  category: "security",
  title: "Untrusted input written into an HTML response",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [79],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input is written into an HTTP response body or marked as safe HTML (`res.send`, Flask `make_response`/`Markup`, Go `template.HTML`/`w.Write`, servlet `getWriter().print`) without HTML escaping, including a page fetched from a URL the input chose (`needle.get(req.query.url, (err, r, body) => res.write(body))`).",
    whyItMatters:
      "Script in the input runs in other users' browsers on your origin: session theft, actions on their behalf.",
    remediation:
      "Render through an auto-escaping template engine, or escape the value for HTML (`escapeHtml`, `html.escape`, `html.EscapeString`, OWASP Encoder) before writing it; return JSON with a JSON content type.",
    example: 'res.send("<p>Hello " + escapeHtml(req.query.name) + "</p>");',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html",
    ],
  },
});
