import { defineTaintRule } from "../taint-rule.ts";

export const logInjection = defineTaintRule({
  hazard: "log-injection",
  category: "security",
  title: "Untrusted input written to the log as it is",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [117],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "A string from the request reaches Node's `console.log`/`info`/`warn`/`error`/`debug` or `process.stdout`/`stderr.write` without encoding. Logging a whole request object (`console.log(req.body)`) is not reported: `util.inspect` escapes the strings inside it. `JSON.stringify`, `encodeURIComponent`, ESAPI `encodeFor…` and any `.replace(…)` count as encoding. Go: request data in the standard logger (`log.Printf`/`Println`/`Fatal…`, a `*log.Logger`) or in the message of `log/slog` (its attribute values are quoted by the handlers, so they are not reported); `json.Marshal`, `strconv.Quote`, `strings.ReplaceAll` and a lone `%q` verb count as encoding.",
    whyItMatters:
      "A value holding `\\r\\n` starts a new line of its own: an attacker forges entries (`admin logged in`) that mislead an investigation or a log-based alert, and control characters can attack the terminal or viewer that displays the log.",
    remediation:
      'Log through a structured logger that writes JSON (pino, winston\'s json format), or encode the value first (`JSON.stringify(name)`, `name.replace(/[\\r\\n]/g, "_")`).',
    example: 'console.log("login failed for %s", JSON.stringify(userName));',
    references: ["https://owasp.org/www-community/attacks/Log_Injection"],
  },
});
