import { definePatternRule } from "../pattern-rule.ts";

export const codeEvaluation = definePatternRule({
  hazard: "code-evaluation",
  category: "security",
  title: "eval or exec in code to review (audit)",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [95],
  controls: [],
  fixable: false,
  docs: {
    summary:
      "An audit finding (Python): `eval`/`exec` (and Python 2's `exec` statement) of anything, a literal included, where `sast/code-injection` (request data evaluated) and `sast/dynamic-code-evaluation` (code built at run time) do not report the line. Methods named `eval` (`model.eval()`) and tests are not reported.",
    whyItMatters:
      "Evaluated text runs with the program's full rights. A literal is harmless today, but the call is where a later change will pass a value, and nothing in the language stops it; the code is also invisible to linters and type checkers.",
    remediation:
      "Write the code as code; read data with `ast.literal_eval`, `json.loads` or a lookup table of allowed operations. Where evaluation is the point (a REPL, a plugin loader), suppress the finding with the reason.",
    example: "value = ast.literal_eval(text)",
    references: ["https://docs.python.org/3/library/ast.html#ast.literal_eval"],
  },
});
