import { defineFileRule } from "../../../rule.ts";
import { allSteps, asScalar, child, type WorkflowModel, type YamlScalar } from "../model.ts";

/** The index of the last `||` outside parentheses and string literals, or -1. */
function lastTopLevelOr(text: string): number {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) return -1;
      i = close;
    } else if (char === "(") depth++;
    else if (char === ")") depth--;
    else if (depth === 0 && char === "|" && text[i + 1] === "|") {
      last = i;
      i++;
    }
  }
  return last;
}

/** `true`, a non-empty string, a non-zero number: an operand that is always truthy. */
function truthyLiteral(operand: string): boolean {
  const text = operand.trim();
  if (/^true$/i.test(text)) return true;
  if (/^'(?:[^']|'')+'$/.test(text)) return true;
  return /^-?\d+(?:\.\d+)?$/.test(text) && Number(text) !== 0;
}

/** Why a condition can never be false, or null. */
export function alwaysTrue(condition: YamlScalar): string | null {
  const text = condition.text;
  // GitHub evaluates `${{ x }}` only when it is the whole value; with any other text around it
  // (a block scalar's trailing newline included) the value is a non-empty string: always true
  const whole = condition.expressions.length === 1 && /^\$\{\{[\s\S]*\}\}$/.test(text);
  if (condition.expressions.length > 0 && !whole) {
    return condition.style === "literal" || condition.style === "folded"
      ? "its block scalar adds a newline after the expression, so the condition is a non-empty string"
      : "text outside the expression makes the condition a non-empty string";
  }
  const expression = text.replace(/^\$\{\{([\s\S]*)\}\}$/, "$1");
  const or = lastTopLevelOr(expression);
  if (or !== -1 && truthyLiteral(expression.slice(or + 2))) {
    return `it ends in "|| ${expression.slice(or + 2).trim()}", which is always truthy`;
  }
  return null;
}

export const unsoundCondition = defineFileRule<WorkflowModel>({
  id: "ci/unsound-condition",
  analyzer: "ci",
  title: "Condition that is always true",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [570, 571],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A job or step `if:` can never be false: a `${{ }}` expression with other text around it (`if: |` block scalars add a newline, `${{ a }} && b`), or an `a && b || 'x'` ternary whose fallback is a truthy constant.",
    whyItMatters:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "GitHub evaluates `${{ }}` only when it is the whole value; otherwise the condition is a non-empty string, which is true. A guard meant to keep a privileged step from running for forks or outsiders silently never applies.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Write the condition as one expression on one line (`if: github.event_name == 'push'`, or `${{ … }}` alone), use `>-` instead of `|` for a long one, and make ternaries end in a value that can be false.",
    example: "if: >-\n  github.event_name == 'push' &&\n  github.ref == 'refs/heads/main'",
    references: ["https://docs.zizmor.sh/audits/#unsound-condition"],
  },
  check(ctx) {
    const inspect = (condition: YamlScalar | null) => {
      if (!condition || typeof condition.value !== "string") return;
      const reason = alwaysTrue(condition);
      if (reason)
        ctx.report({
          message: `condition is always true: ${reason}`,
          at: { line: condition.line, column: condition.column },
        });
    };
    for (const job of ctx.model.jobs) inspect(job.if);
    for (const { step } of allSteps(ctx.model)) inspect(asScalar(child(step.node, "if")));
  },
});
