import { defineFileRule } from "../../../rule.ts";
import { scalars, type WorkflowModel } from "../model.ts";

export const secretsToJson = defineFileRule<WorkflowModel>({
  id: "ci/secrets-to-json",
  analyzer: "ci",
  title: "All secrets serialised with toJSON(secrets)",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [200],
  controls: ["CI-SECRET-01"],
  docs: {
    summary:
      "An expression serialises the whole `secrets` context (`toJSON(secrets)`), handing every secret to one step.",
    whyItMatters:
      "The step gets every repository and organisation secret, including ones it never needs; one compromised action or one log line leaks them all, and log masking does not cover re-encoded JSON.",
    remediation: "Reference the secrets the step needs by name.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
    example: "env:\n  NPM_TOKEN: ${{ secrets.NPM_TOKEN }}",
    references: ["https://docs.zizmor.sh/audits/#overprovisioned-secrets"],
  },
  check(ctx) {
    for (const scalar of scalars(ctx.model.root)) {
      for (const expression of scalar.expressions) {
        if (/tojson\s*\(\s*secrets\s*\)/i.test(expression.text)) {
          ctx.report({
            message: "toJSON(secrets) exposes every secret",
            at: { line: expression.line, column: expression.column },
          });
        }
      }
    }
  },
});
