import { defineTaintRule } from "../taint-rule.ts";

export const openRedirect = defineTaintRule({
  hazard: "open-redirect",
  category: "security",
  title: "Redirect to a URL from untrusted input",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [601],
  controls: ["SAST-XSS-01"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input chooses the target of an HTTP redirect or a browser navigation. Targets that start with a fixed path (`/account/\u2026`) or a fixed host are not reported.",
    whyItMatters:
      "A link on the trusted domain sends users to a look-alike phishing site, and OAuth flows can leak tokens to the attacker.",
    remediation:
      "Redirect only to relative paths you build, or check the target against an allow-list of hosts; reject values starting with `//` or containing a scheme.",
    example: 'if (!ALLOWED_TARGETS.includes(next)) return res.redirect("/");\nres.redirect(next);',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html",
    ],
  },
});
