import { defineTaintRule } from "../taint-rule.ts";

export const ssrf = defineTaintRule({
  hazard: "ssrf",
  category: "security",
  title: "Server-side request to a URL from untrusted input",
  severity: "high",
  confidence: "high",
  lifecycle: "preview",
  cwe: [918],
  controls: ["SAST-INJ-01"],
  fixable: false,
  docs: {
    summary:
      "Untrusted input chooses the URL (scheme or host) of an outgoing HTTP request. A value appended after a fixed `https://host/` prefix is not reported.",
    whyItMatters:
      "The server can be made to call internal services and cloud metadata endpoints (`169.254.169.254`) that the attacker cannot reach, leaking credentials.",
    remediation:
      "Keep the scheme and host fixed in code and put input only into the path or query (encoded), or check the parsed host against an allow-list before the request.",
    example: 'await fetch("https://api.example.com/users/" + encodeURIComponent(id));',
    references: [
      "https://cheatsheetseries.owasp.org/cheatsheets/Server_Side_Request_Forgery_Prevention_Cheat_Sheet.html",
    ],
  },
});
