import { defineFileRule } from "../../../rule.ts";
import { hasTrigger, type WorkflowModel } from "../model.ts";

const WRITES_ENV_FILE = /(?:>>?|tee\s+(?:-a\s+)?)\s*"?\$\{?(GITHUB_ENV|GITHUB_PATH)\b/;

export const githubEnvWriteInPrivilegedWorkflow = defineFileRule<WorkflowModel>({
  id: "ci/github-env-write-in-privileged-workflow",
  analyzer: "ci",
  title: "Privileged workflow writes to GITHUB_ENV or GITHUB_PATH",
  severity: "med",
  confidence: "low",
  lifecycle: "preview",
  cwe: [94],
  controls: ["CI-INJ-01", "CI-TRIG-01"],
  docs: {
    summary:
      "A `run:` step of a `pull_request_target` or `workflow_run` workflow appends to `$GITHUB_ENV` or `$GITHUB_PATH`.",
    whyItMatters:
      "If any part of the written text comes from the pull request (an artifact, a branch name, a file of the checkout), the attacker sets variables such as `LD_PRELOAD`, `NODE_OPTIONS` or `BASH_ENV`, or prepends a directory to PATH, and owns every later step with its secrets.",
    remediation:
      "Pass values between steps with step outputs (`$GITHUB_OUTPUT`) and `env:` mappings instead, and validate anything derived from the pull request before using it.",
    example: 'run: echo "version=$VERSION" >> "$GITHUB_OUTPUT"',
    references: ["https://docs.zizmor.sh/audits/#github-env"],
  },
  check(ctx) {
    if (!hasTrigger(ctx.model, "pull_request_target", "workflow_run")) return;
    for (const job of ctx.model.jobs) {
      for (const step of job.steps) {
        const found = step.runLines.find((line) => WRITES_ENV_FILE.test(line.text));
        if (!found) continue;
        const variable = WRITES_ENV_FILE.exec(found.text)![1];
        ctx.report({
          message: `${variable} is written in a workflow that runs with secrets for untrusted pull requests`,
          at: { line: found.line, column: found.column },
        });
      }
    }
  },
});
