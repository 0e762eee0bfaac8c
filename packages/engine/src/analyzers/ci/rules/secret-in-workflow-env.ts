import { defineFileRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";

export const secretInWorkflowEnv = defineFileRule<WorkflowModel>({
  id: "ci/secret-in-workflow-env",
  analyzer: "ci",
  title: "Secret exposed to every job through workflow-level env",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [200],
  controls: ["CI-SECRET-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A workflow-level `env:` variable holds `${{ secrets.… }}`, so every step of every job receives it.",
    whyItMatters:
      "Third-party actions and build scripts in unrelated jobs can read the secret; exposure grows with every step added to the workflow.",
    remediation:
      "Move the variable to the `env:` of the step (or job) that needs it. `github.token` is not flagged.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
    example: "- run: ./deploy.sh\n  env:\n    DEPLOY_TOKEN: ${{ secrets.DEPLOY_TOKEN }}",
  },
  check(ctx) {
    for (const variable of ctx.model.env) {
      const value = variable.value;
      if (value?.kind !== "scalar") continue;
      if (
        value.expressions.some(
          (e) => /\bsecrets\s*(?:\.|\[)/i.test(e.text) && !/secrets\.github_token/i.test(e.text),
        )
      ) {
        ctx.report({
          message: `workflow-level env ${variable.name} gives a secret to every step`,
          at: variable.at,
        });
      }
    }
  },
});
