import { definePatternRule } from "../pattern-rule.ts";

export const requestWithoutTimeout = definePatternRule({
  hazard: "request-without-timeout",
  category: "best-practice",
  title: "HTTP request without a timeout",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [400, 1088],
  controls: ["SAST-CFG-01"],
  fixable: true,
  docs: {
    summary:
      "A `requests` call (`get`, `post`, `request` \u2026) without a `timeout=` argument; `requests` then waits for the server forever.",
    whyItMatters:
      "A slow, dead or hostile server holds the worker until it is restarted; a few such calls exhaust the pool and take the service down.",
    remediation:
      "Pass a timeout (a number of seconds, or a `(connect, read)` pair) to every request, or use a session wrapper that sets one.",
    example: "response = requests.get(url, timeout=10)",
  },
});
