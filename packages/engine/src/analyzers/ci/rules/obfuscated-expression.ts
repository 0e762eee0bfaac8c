import { defineFileRule } from "../../../rule.ts";
import { scalars, type WorkflowModel } from "../model.ts";
import { allUses } from "./unpinned-action.ts";

/** Ways to write an expression that only serve to hide what it reads. */
const OBFUSCATIONS: { pattern: RegExp; reason: string }[] = [
  {
    // github['event'] where github.event would do: an index by a constant, identifier-like key
    pattern:
      /\b(?:github|env|secrets|inputs|vars|steps|needs|matrix|job|runner|strategy)\b(?:\s*\.\s*[\w-]+|\s*\[[^\]]*\])*\s*\[\s*'[A-Za-z_][\w-]*'\s*\]/i,
    reason: "an index by a constant string instead of a property access",
  },
  { pattern: /\bfromJSON\s*\(\s*toJSON\s*\(/i, reason: "fromJSON(toJSON(…)), which returns its argument" },
  { pattern: /\bformat\s*\(\s*'\{0\}'\s*,/i, reason: "format('{0}', …), which returns its argument as text" },
];

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
        const found = OBFUSCATIONS.find((item) => item.pattern.test(expression.text));
        if (!found) continue;
        ctx.report({
          message: `expression uses ${found.reason}`,
          at: { line: expression.line, column: expression.column },
        });
      }
    }
  },
});
