import { defineFileRule } from "../../../rule.ts";
import { isJudgeable } from "../commands.ts";
import { hasTrigger, type WorkflowModel } from "../model.ts";
import { lineSource, shellVariables, stepScopes } from "../taint.ts";

/**
 * Bash redirection or `tee`, PowerShell's `>>`, `Add-Content`, `Out-File`, `Set-Content` to
 * `$env:…`, and cmd's `>> %GITHUB_ENV%`.
 */
const WRITES_ENV_FILE =
  /(?:>>?|tee\s+(?:-a\s+)?)\s*"?(?:\$\{?|%)(GITHUB_ENV|GITHUB_PATH)\b|(?:>>?|\b(?:Add-Content|Out-File|Set-Content)\b)[^#]*?\$env:(GITHUB_ENV|GITHUB_PATH)\b/i;

/** Variables the runner sets to its own directories and platform: reading them computes nothing a caller chose. */
const RUNNER_VARIABLES = [
  "HOME",
  "RUNNER_TEMP",
  "RUNNER_TOOL_CACHE",
  "RUNNER_OS",
  "RUNNER_ARCH",
  "GITHUB_WORKSPACE",
  "GITHUB_ACTION_PATH",
  "GITHUB_ENV",
  "GITHUB_PATH",
];

/**
 * A write whose text is computed when the step runs: a command substitution, or a shell, PowerShell
 * or cmd variable other than the runner's own directories. `FOO=bar` and `$HOME/.local/bin` are not.
 */
function writesComputedValue(line: string): boolean {
  if (/\$\(|`/.test(line)) return true;
  const cmdVariables = [...line.matchAll(/%([A-Za-z_][A-Za-z0-9_]*)%/g)].map((match) => match[1]!);
  return [...shellVariables(line), ...cmdVariables].some(
    (name) => !RUNNER_VARIABLES.includes(name.toUpperCase()),
  );
}

export const githubEnvWriteInPrivilegedWorkflow = defineFileRule<WorkflowModel>({
  id: "ci/github-env-write-in-privileged-workflow",
  analyzer: "ci",
  title: "GITHUB_ENV or GITHUB_PATH written from untrusted data, in a privileged workflow or an action",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [94],
  controls: ["CI-INJ-01", "CI-TRIG-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A `run:` step writes to `$GITHUB_ENV` or `$GITHUB_PATH` text an outsider controls (an untrusted `${{ }}` field, or an env variable set from one), in any workflow or composite action; any `run:` step of a `pull_request_target` or `workflow_run` workflow appends to those files; or a composite action, which may run in such a workflow, writes a value computed at run time (a command substitution, a variable other than the runner's `HOME`, `RUNNER_TEMP`, `GITHUB_WORKSPACE`, `GITHUB_ACTION_PATH`…).",
    whyItMatters:
      "If any part of the written text comes from the pull request (an artifact, a branch name, a file of the checkout), the attacker sets variables such as `LD_PRELOAD`, `NODE_OPTIONS` or `BASH_ENV`, or prepends a directory to PATH, and owns every later step with its secrets.",
    remediation:
      "Pass values between steps with step outputs (`$GITHUB_OUTPUT`) and `env:` mappings instead, and validate anything derived from the pull request before using it.",
    example: 'run: echo "version=$VERSION" >> "$GITHUB_OUTPUT"',
    references: ["https://docs.zizmor.sh/audits/#github-env"],
  },
  check(ctx) {
    const privileged = hasTrigger(ctx.model, "pull_request_target", "workflow_run");
    for (const { step, scope } of stepScopes(ctx.model)) {
      for (const line of step.runLines) {
        const match = isJudgeable(line.text) ? WRITES_ENV_FILE.exec(line.text) : null;
        if (!match) continue;
        // untrusted text written into the file: flagged in any workflow or composite action
        const source = lineSource(scope, line.text);
        if (source) {
          ctx.report({
            message: `${match[1] ?? match[2]} is written from ${source}, which an outsider controls`,
            at: { line: line.line, column: line.column },
          });
          break;
        }
        if (privileged && scope.job) {
          ctx.report({
            message: `${match[1] ?? match[2]} is written in a workflow that runs with secrets for untrusted pull requests`,
            at: { line: line.line, column: line.column },
          });
          break;
        }
        // a composite action does not know its caller's trigger: it may be pull_request_target
        if (!scope.job && writesComputedValue(line.text)) {
          ctx.report({
            message: `${match[1] ?? match[2]} is written with a value computed at run time in a composite action, which any workflow may call, including one that runs with secrets for untrusted pull requests`,
            at: { line: line.line, column: line.column },
          });
          break;
        }
      }
    }
  },
});
