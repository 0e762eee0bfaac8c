import { defineFileRule } from "../../../rule.ts";
import { isJudgeable } from "../commands.ts";
import { allSteps, type EnvVar, type WorkflowModel } from "../model.ts";

/** Both halves tested separately: one pattern with `.*` between them is quadratic on long lines. */
const ENABLED_THROUGH_ENV_FILE = {
  test: (line: string) =>
    /ACTIONS_ALLOW_UNSECURE_COMMANDS=["']?(?:true|1)\b/i.test(line) &&
    /\$\{?GITHUB_ENV\b|\$env:GITHUB_ENV\b/i.test(line),
};

export const insecureCommands = defineFileRule<WorkflowModel>({
  id: "ci/insecure-commands",
  analyzer: "ci",
  title: "Deprecated workflow commands re-enabled",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [77],
  controls: ["CI-INJ-01"],
  docs: {
    summary:
      "`ACTIONS_ALLOW_UNSECURE_COMMANDS` is set to true (in `env:` at any level, or written to `$GITHUB_ENV` by a script), re-enabling the `::set-env::` and `::add-path::` commands.",
    whyItMatters:
      "With these commands, anything that prints to the log (a test name, a commit message, a dependency's output) can set environment variables such as `NODE_OPTIONS` or `LD_PRELOAD` for later steps: code execution by log line.",
    remediation: "Remove the variable and write to `$GITHUB_ENV` and `$GITHUB_PATH` files instead.",
    example: 'run: echo "VERSION=1.2.3" >> "$GITHUB_ENV"',
    references: [
      "https://docs.zizmor.sh/audits/#insecure-commands",
      "https://github.blog/changelog/2020-10-01-github-actions-deprecating-set-env-and-add-path-commands/",
    ],
  },
  check(ctx) {
    const inspect = (env: EnvVar[]) => {
      for (const variable of env) {
        if (variable.name !== "ACTIONS_ALLOW_UNSECURE_COMMANDS") continue;
        const value = variable.value?.kind === "scalar" ? variable.value.text.trim().toLowerCase() : "";
        if (value === "true" || value === "1") {
          ctx.report({
            message: "ACTIONS_ALLOW_UNSECURE_COMMANDS re-enables set-env and add-path",
            at: variable.at,
          });
        }
      }
    };
    inspect(ctx.model.env);
    for (const job of ctx.model.jobs) inspect(job.env);
    for (const { step } of allSteps(ctx.model)) {
      inspect(step.env);
      // the same switch turned on for later steps through the environment file
      const line = step.runLines.find(
        (item) => isJudgeable(item.text) && ENABLED_THROUGH_ENV_FILE.test(item.text),
      );
      if (line) {
        ctx.report({
          message:
            "ACTIONS_ALLOW_UNSECURE_COMMANDS is written to GITHUB_ENV, re-enabling set-env and add-path",
          at: { line: line.line, column: line.column },
        });
      }
    }
  },
});
