import { definePatternRule } from "../pattern-rule.ts";

export const expressWithoutCsrfProtection = definePatternRule({
  hazard: "express-without-csrf-protection",
  category: "security",
  title: "Express application with cookie sessions and no CSRF protection",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [352],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      'A file creates an Express application that keeps sessions in cookies (`express-session`, `cookie-session` or `cookie-parser`) and parses form posts (`urlencoded`, `multer`), and nothing in it (or in a module of the project it loads by a relative path) checks a CSRF token (`csurf`, `csrf-csrf`, `lusca`, any `csrf`/`xsrf` name) or sets `sameSite: "strict"`/`"lax"` cookies. Test files are not reported.',
    whyItMatters:
      "Browsers attach the session cookie to a form another site submits: without a token check (or SameSite cookies), a page the user visits can change their profile, transfer funds or post in their name.",
    remediation:
      'Check a per-session token on every state-changing request (`csrf-csrf`, `lusca.csrf()`, or the older `csurf`) and put it in the forms, and set the session cookie `sameSite: "lax"` or `"strict"`.',
    example:
      'app.use(session({ secret: process.env.SESSION_SECRET, cookie: { sameSite: "lax", secure: true, httpOnly: true } }));',
    references: ["https://owasp.org/www-community/attacks/csrf"],
  },
});
