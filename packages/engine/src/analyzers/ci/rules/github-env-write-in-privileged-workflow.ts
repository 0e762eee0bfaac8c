import { defineFileRule } from "../../../rule.ts";
import { isJudgeable } from "../commands.ts";
import { hasTrigger, type ScriptLine, type Step, type WorkflowModel } from "../model.ts";
import { lineSource, shellVariables, stepScopes } from "../taint.ts";

/**
 * Bash redirection or `tee`, PowerShell's `>>`, `Add-Content`, `Out-File`, `Set-Content` to
 * `$env:…`, and cmd's `>> %GITHUB_ENV%`.
 */
const WRITES_ENV_FILE =
  /(?:>>?|tee\s+(?:-a\s+)?)\s*"?(?:\$\{?|%)(GITHUB_ENV|GITHUB_PATH)\b|(?:>>?|\b(?:Add-Content|Out-File|Set-Content)\b)[^#]*?\$env:(GITHUB_ENV|GITHUB_PATH)\b/i;

/**
 * Variables the step itself gives a value it computes or receives: its `env:` entries set from a
 * `${{ }}` expression (an input, an output), and names its script assigns before `line`
 * (`NAME=…`, `export NAME=…`, `read NAME`, `$env:NAME = …`, `set NAME=…`). A variable the step
 * only inherits (`$CARGO_HOME`, `$JAVA_HOME`) is the calling job's configuration, not run-time data.
 */
function stepVariables(step: Step, before: number): Set<string> {
  const names = new Set<string>();
  for (const variable of step.env) {
    const value = variable.value?.kind === "scalar" ? String(variable.value.value ?? "") : "";
    if (value.includes("${{")) names.add(variable.name.toUpperCase());
  }
  for (const line of step.runLines) {
    if (line.line >= before) break;
    for (const match of line.text.matchAll(
      /(?:^\s*|[;&|]\s*|\b(?:export|local|declare|readonly)\s+)([A-Za-z_][A-Za-z0-9_]*)=|\bread\s+(?:-\w+\s+)*([A-Za-z_][A-Za-z0-9_]*)|\$env:([A-Za-z_][A-Za-z0-9_]*)\s*=|\bset\s+([A-Za-z_][A-Za-z0-9_]*)=/gi,
    ))
      names.add((match[1] ?? match[2] ?? match[3] ?? match[4]!).toUpperCase());
  }
  return names;
}

/**
 * A write whose text is computed when the step runs: a command substitution, or a shell, PowerShell
 * or cmd variable the step sets itself (`stepVariables`). `FOO=bar`, `$HOME/.local/bin` and an
 * inherited `${CARGO_HOME:-…}` are not.
 */
function writesComputedValue(step: Step, line: ScriptLine): boolean {
  if (/\$\(|`/.test(line.text)) return true;
  const own = stepVariables(step, line.line);
  const cmdVariables = [...line.text.matchAll(/%([A-Za-z_][A-Za-z0-9_]*)%/g)].map((match) => match[1]!);
  return [...shellVariables(line.text), ...cmdVariables].some((name) => own.has(name.toUpperCase()));
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
      "A `run:` step writes to `$GITHUB_ENV` or `$GITHUB_PATH` text an outsider controls (an untrusted `${{ }}` field, or an env variable set from one), in any workflow or composite action; any `run:` step of a `pull_request_target` or `workflow_run` workflow appends to those files; or a composite action, which may run in such a workflow, writes a value computed at run time (a command substitution, or a variable the step sets from an expression or in its script; inherited variables such as `$CARGO_HOME` are the caller's configuration).",
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
        if (!scope.job && writesComputedValue(step, line)) {
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
