import { definePatternRule } from "../pattern-rule.ts";

export const insecureCookie = definePatternRule({
  hazard: "insecure-cookie",
  category: "security",
  title: "Cookie without Secure or HttpOnly",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [614, 1004],
  controls: ["SAST-TLS-01"],
  fixable: true,
  docs: {
    summary:
      'A cookie or session cookie is explicitly configured with `secure`/`httpOnly` set to false (Express options, Flask `set_cookie`, Django settings, Go `http.Cookie`, servlet `Cookie`), or an Express session or token cookie leaves them out (`res.cookie("sessionId", id)`, `session({ … })` without `cookie.secure`), where the default is off. Go: an `http.Cookie{…}` literal that never sets `Secure` or `HttpOnly` (both default to false); a flag set from a variable is not judged.',
    whyItMatters:
      "Without Secure the cookie travels over plain HTTP and can be sniffed; without HttpOnly any injected script can read the session.",
    remediation:
      "Set Secure and HttpOnly on session and authentication cookies (and SameSite=Lax or Strict).",
    example: 'res.cookie("session", id, { secure: true, httpOnly: true, sameSite: "lax" });',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Session_Management_Cheat_Sheet.html#cookies",
    ],
  },
});
