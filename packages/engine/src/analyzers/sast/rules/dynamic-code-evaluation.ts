import { definePatternRule } from "../pattern-rule.ts";

export const dynamicCodeEvaluation = definePatternRule({
  hazard: "dynamic-code-evaluation",
  category: "security",
  title: "Code evaluated from a value built at run time",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [95],
  controls: ["SAST-INJ-03"],
  fixable: false,
  docs: {
    summary:
      "`eval` or `exec` runs a value that is not a string literal. When untrusted input provably reaches it, `sast/code-injection` reports the flow instead.",
    whyItMatters:
      "Whatever the value holds runs with the program's privileges; any path by which outside data reaches it is remote code execution.",
    remediation:
      "Parse data with `ast.literal_eval` or `json.loads`, and dispatch on names through a dictionary of allowed functions.",
    example: "value = ast.literal_eval(text)",
  },
});
