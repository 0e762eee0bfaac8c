import { defineFileRule } from "../../../rule.ts";
import { scalars, type WorkflowModel } from "../model.ts";

const OVERPROVISIONED: { pattern: RegExp; message: string }[] = [
  { pattern: /tojson\s*\(\s*secrets\s*\)/i, message: "toJSON(secrets) exposes every secret" },
  {
    // an index that is not one constant string: the job can then read any secret
    pattern: /\bsecrets\s*\[(?!\s*'[^']*'\s*\])/i,
    message: "secrets[…] with a computed name makes every secret available to the job",
  },
  {
    pattern: /\bfromjson\s*\(\s*secrets\s*\.\s*[\w-]+\s*\)\s*(?:\.|\[)/i,
    message: "a field parsed out of a JSON secret is not masked in logs",
  },
  {
    // the parsed value is re-encoded (other spacing, quotes dropped), so its text no longer matches the mask
    pattern: /\bfromjson\s*\(\s*secrets\s*\.\s*[\w-]+\s*\)/i,
    message: "a secret parsed with fromJSON is re-encoded and no longer matches its log mask",
  },
];

export const secretsToJson = defineFileRule<WorkflowModel>({
  id: "ci/secrets-to-json",
  analyzer: "ci",
  title: "Secrets context used in bulk, by a computed name, or parsed out of masking",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [200],
  controls: ["CI-SECRET-01"],
  docs: {
    summary:
      "An expression serialises the whole `secrets` context (`toJSON(secrets)`), indexes it with a computed name (`secrets[format('{0}_KEY', matrix.env)]`, which makes every secret reachable to the job), or parses a secret as JSON (`fromJSON(secrets.CONFIG).password`, or the whole `fromJSON(secrets.CONFIG)`: the parsed value is re-encoded, so neither matches the secret's log mask).",
    whyItMatters:
      "The step gets every repository and organisation secret, including ones it never needs; one compromised action or one log line leaks them all, and log masking does not cover re-encoded JSON.",
    remediation:
      "Reference the secrets the step needs by name, one secret per value (split a JSON secret into several secrets so each is masked). An index by a constant string (`secrets['NPM_TOKEN']`) is not flagged here.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
    example: "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
    references: ["https://docs.zizmor.sh/audits/#overprovisioned-secrets"],
  },
  check(ctx) {
    for (const scalar of scalars(ctx.model.root)) {
      for (const expression of scalar.expressions) {
        const found = OVERPROVISIONED.find((item) => item.pattern.test(expression.text));
        if (found) {
          ctx.report({ message: found.message, at: { line: expression.line, column: expression.column } });
        }
      }
    }
  },
});
