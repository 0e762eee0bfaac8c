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
      "`eval` or `exec` runs a value that is not a string literal. JavaScript/TypeScript: `eval`, `new Function`, `vm.runIn…Context`/`new vm.Script` of a non-literal, `setTimeout`/`setInterval` given a string built at run time, and a MongoDB `$where` (query key or mongoose `.$where(…)`) whose JavaScript is a template or concatenation reading a variable. When untrusted input provably reaches it, `sast/code-injection` (or `sast/nosql-injection` for `$where`) reports the flow instead.",
    whyItMatters:
      "Whatever the value holds runs with the program's privileges; any path by which outside data reaches it is remote code execution.",
    remediation:
      "Parse data with `ast.literal_eval` or `json.loads` (`JSON.parse`, `Number` in JavaScript), and dispatch on names through a dictionary of allowed functions. Replace `$where` with query operators (`{ stocks: { $gt: Number(threshold) } }`).",
    example: "value = ast.literal_eval(text)",
  },
});
