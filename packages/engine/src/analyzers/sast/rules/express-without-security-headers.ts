import { definePatternRule } from "../pattern-rule.ts";

export const expressWithoutSecurityHeaders = definePatternRule({
  hazard: "express-without-security-headers",
  category: "security",
  title: "Express application served without security headers",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [693, 1021],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      "A file creates an Express application (`express()`) and starts it (`.listen(…)`), and nothing in it (or in a module of the project it loads by a relative path) sets the browser security headers: no `helmet`, `lusca`, `X-Frame-Options`, `Content-Security-Policy` or `Strict-Transport-Security`, and `X-Powered-By` is not disabled. Files that only define routers and test files are not reported.",
    whyItMatters:
      "Express sends none of these headers by default: its pages can be framed by any site (clickjacking), browsers may sniff an upload as HTML, there is no policy limiting injected scripts, and `X-Powered-By: Express` tells an attacker which exploits to try.",
    remediation:
      "Add `app.use(helmet())` before the routes (it sets CSP, frame, HSTS and no-sniff headers and removes `X-Powered-By`), or set the headers yourself where a proxy does not already.",
    example: 'const helmet = require("helmet");\napp.use(helmet());',
    references: ["https://expressjs.com/en/advanced/best-practice-security.html#use-helmet"],
  },
});
