import { defineFileRule } from "../../../rule.ts";
import { scalars, type WorkflowModel } from "../model.ts";
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
      "A `${{ }}` expression reads a context through a constant index (`github['event']['issue']['title']`), wraps a value in `fromJSON(toJSON(…))` or `format('{0}', …)`, or a `uses:` path contains `.`, `..` or empty segments (`actions/checkout/./@v4`).",
    whyItMatters:
      "These forms do nothing but make a workflow harder to read and to check: reviewers and scanners that look for `github.event.issue.title` or `actions/checkout@…` miss them. They are how injected or malicious changes hide in a pull request.",
    remediation:
      "Write the plain form: `github.event.issue.title`, the value itself, `actions/checkout@<sha>`. Dynamic indexes (`matrix[inputs.target]`) are not flagged.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: ["https://docs.zizmor.sh/audits/#obfuscation"],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind === "repository" && obfuscatedPath(uses.raw)) {
        ctx.report({ message: `${uses.raw} has a path with '.', '..' or empty segments`, at: uses.at });
      }
    }
    for (const scalar of scalars(ctx.model.root)) {
      for (const expression of scalar.expressions) {
        if (expression.text.length > MAX_EXPRESSION) continue;
        const found = OBFUSCATIONS.find((item) => item.test(expression.text));
        if (!found) continue;
        ctx.report({
          message: `expression uses ${found.reason}`,
          at: { line: expression.line, column: expression.column },
        });
      }
    }
  },
});
