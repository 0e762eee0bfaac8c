import { defineFileRule } from "../../../rule.ts";
import { allSteps, scalars, type WorkflowModel } from "../model.ts";
import { allUses } from "./unpinned-action.ts";

/** A context chain ending right before an index: `github.event` in `github.event['issue']`. */
const CONTEXT_CHAIN =
  /\b(?:github|env|secrets|inputs|vars|steps|needs|matrix|job|runner|strategy)\b(?:\s*\.\s*[\w-]+|\s*\[[^\]]*\])*\s*$/i;

/**
 * `github['event']` where `github.event` would do: an index by a constant, identifier-like key on
 * a context. The chain is matched on a bounded slice before each index, so that a hostile
 * expression (`github.github.github…`) costs linear time.
 */
function constantIndex(expression: string): boolean {
  for (const match of expression.matchAll(/\[\s*'[A-Za-z_][\w-]*'\s*\]/g)) {
    const before = expression.slice(Math.max(0, match.index - 200), match.index);
    if (CONTEXT_CHAIN.test(before)) return true;
  }
  return false;
}

/** Every string literal becomes `'s'` (`''` escapes a quote): later patterns then never scan inside one. */
function withPlainStrings(expression: string): string {
  return expression.replace(/'(?:[^']*'')*[^']*'/g, "'s'");
}

/**
 * A call of a function whose result depends only on its arguments, on literals only:
 * `format('{0}', 'abc')`, `startsWith('abc', 'a')`. fromJSON is left out (`fromJSON('["a", "b"]')`
 * is how a list is written), and hashFiles reads the workspace.
 */
const CONSTANT_CALL =
  /\b(?:format|startsWith|endsWith|contains|join|toJSON)\s*\(\s*(?:'s'|true|false|null|-?\d+(?:\.\d+)?)(?:\s*,\s*(?:'s'|true|false|null|-?\d+(?:\.\d+)?))*\s*\)/gi;

const LITERAL = String.raw`(?:'s'|true|false|null|-?\d+(?:\.\d+)?)`;
/**
 * Literals joined by operators that make up a whole argument or a parenthesised group:
 * `true || false` in `format('{0}', github.event.number, true || false)`. The delimiters on both
 * sides keep `x == 'a' || true` out, where `||` applies to the comparison, not to `'a'`.
 */
const CONSTANT_GROUP = new RegExp(
  String.raw`[(,]\s*${LITERAL}(?:\s*(?:[=!<>]=|&&|\|\||[<>])\s*${LITERAL})+\s*[),]`,
  "i",
);

/** Literals, operators, parentheses and blanks: what is left of an expression that reads nothing. */
const CONSTANT_TOKENS = /'s'|\btrue\b|\bfalse\b|\bnull\b|\d+(?:\.\d+)?|[=!<>]=|&&|\|\||[<>!()\s-]/gi;

/**
 * An expression, or a call inside one, that evaluates to the same constant every run:
 * `${{ 'a' }}` in a script, `${{ true || false }}`, `${{ format('{0}', 'abc') }}`. A lone literal
 * that is a key's whole value (`if: ${{ false }}`) is how a job is switched off, not hidden.
 */
function foldsToConstant(expression: string, wholeValue: boolean): boolean {
  // the common case, a context read with no call (`env.NAME`), is settled without rewriting it
  if (
    !expression.includes("(") &&
    !expression.includes("'") &&
    /[A-Za-z_]/.test(expression.replace(/\b(?:true|false|null)\b/g, ""))
  )
    return false;
  const text = withPlainStrings(expression);
  if (text.search(CONSTANT_CALL) !== -1 || CONSTANT_GROUP.test(text)) return true;
  if (text.replace(CONSTANT_TOKENS, "") !== "") return false;
  const loneLiteral = /^\s*(?:'s'|true|false|null|-?\d+(?:\.\d+)?)\s*$/i.test(text);
  return !(loneLiteral && wholeValue);
}

/** Ways to write an expression that only serve to hide what it reads. */
const OBFUSCATIONS: { test: (expression: string) => boolean; reason: string }[] = [
  { test: constantIndex, reason: "an index by a constant string instead of a property access" },
  {
    test: (expression) => /\bfromJSON\s*\(\s*toJSON\s*\(/i.test(expression),
    reason: "fromJSON(toJSON(…)), which returns its argument",
  },
  {
    test: (expression) => /\bformat\s*\(\s*'\{0\}'\s*,/i.test(expression),
    reason: "format('{0}', …), which returns its argument as text",
  },
];

/** Longer expressions are not judged: no honest workflow writes one, and the checks stay bounded. */
const MAX_EXPRESSION = 10_000;

/** `actions/checkout/./@v4`, `actions//checkout@v4`, `actions/checkout/../checkout@v4`. */
export function obfuscatedPath(raw: string): boolean {
  const at = raw.lastIndexOf("@");
  const path = at === -1 ? raw : raw.slice(0, at);
  const segments = path.split("/");
  return segments.some(
    (segment, index) => segment === "." || segment === ".." || (segment === "" && index > 0),
  );
}

export const obfuscatedExpression = defineFileRule<WorkflowModel>({
  id: "ci/obfuscated-expression",
  analyzer: "ci",
  title: "Expression or action reference written to hide what it does",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: ["CI-INJ-01", "CI-PIN-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A `${{ }}` expression reads a context through a constant index (`github['event']['issue']['title']`), wraps a value in `fromJSON(toJSON(…))` or `format('{0}', …)`, evaluates to a constant (`${{ 'a' }}` inside a script, `${{ true || false }}`, `format('{0}', 'abc')`), a step's whole `with:` is one expression (`with: ${{ fromJSON(steps.setup.outputs.options) }}`), or a `uses:` path contains `.`, `..` or empty segments (`actions/checkout/./@v4`).",
    whyItMatters:
      "These forms do nothing but make a workflow harder to read and to check: reviewers and scanners that look for `github.event.issue.title` or `actions/checkout@…` miss them. They are how injected or malicious changes hide in a pull request.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Write the plain form: `github.event.issue.title`, the value itself, `actions/checkout@<sha>`, each input under `with:`. Dynamic indexes (`matrix[inputs.target]`) and a lone literal as a whole value (`if: ${{ false }}`) are not flagged.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: ["https://docs.zizmor.sh/audits/#obfuscation"],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind === "repository" && obfuscatedPath(uses.raw)) {
        ctx.report({ message: `${uses.raw} has a path with '.', '..' or empty segments`, at: uses.at });
      }
    }
    for (const { step } of allSteps(ctx.model)) {
      const inputs = step.withEntry?.value;
      if (step.uses && inputs?.kind === "scalar" && inputs.expressions.length > 0) {
        ctx.report({
          message: `the inputs of ${step.uses.raw} are one expression: what the action receives cannot be reviewed`,
          at: step.withEntry!.at,
        });
      }
    }
    for (const scalar of scalars(ctx.model.root)) {
      const trimmed = scalar.text.trim();
      const wholeValue =
        scalar.expressions.length === 1 && trimmed.startsWith("${{") && trimmed.endsWith("}}");
      for (const expression of scalar.expressions) {
        if (expression.text.length > MAX_EXPRESSION) continue;
        const found = OBFUSCATIONS.find((item) => item.test(expression.text));
        if (found) {
          ctx.report({
            message: `expression uses ${found.reason}`,
            at: { line: expression.line, column: expression.column },
          });
        } else if (foldsToConstant(expression.text, wholeValue)) {
          ctx.report({
            message: "expression evaluates to the same constant on every run: write the value itself",
            at: { line: expression.line, column: expression.column },
          });
        }
      }
    }
  },
});
