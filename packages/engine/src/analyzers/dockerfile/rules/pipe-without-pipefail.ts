import { defineFileRule } from "../../../rule.ts";
import { baseName, type Command, DEFAULT_SHELL, type DockerfileModel, instructionsOf } from "../model.ts";

/** Shells that have a pipefail option to turn on. */
const PIPEFAIL_SHELLS = new Set(["bash", "ash", "zsh", "ksh", "mksh"]);

/**
 * Whether the RUN's shell is one the rule judges: the default `/bin/sh -c` (the fix is a SHELL
 * with pipefail), or a SHELL naming bash, ash, zsh or ksh. A SHELL set to another shell (plain sh,
 * dash, PowerShell, cmd) has no pipefail to turn on there.
 */
function judged(shell: readonly string[]): boolean {
  return shell === DEFAULT_SHELL || PIPEFAIL_SHELLS.has(baseName(shell[0] ?? ""));
}

/** Whether a SHELL instruction's arguments turn pipefail on (`-o pipefail`, `-eo pipefail`). */
function shellSetsPipefail(shell: readonly string[]): boolean {
  return shell.some((word, i) => word === "pipefail" && /^-[a-z]*o$/.test(shell[i - 1] ?? ""));
}

/** `set -o pipefail`, `set -euo pipefail` run before the pipe, in the same RUN. */
function setsPipefail(command: Command): boolean {
  if (command.program !== "set") return false;
  const words = command.args.map((word) => word.text);
  return words.some((word, i) => word === "pipefail" && /^-[a-z]*o$/.test(words[i - 1] ?? ""));
}

export const pipeWithoutPipefail = defineFileRule<DockerfileModel>({
  id: "dockerfile/pipe-without-pipefail",
  analyzer: "dockerfile",
  title: "RUN with a pipe but without pipefail",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A shell-form RUN pipes one command into another (`curl … | tar x`) while the shell runs without `pipefail`, so only the last command's status counts.",
    whyItMatters:
      "A failed download or build step on the left of the pipe is ignored: the build succeeds with a truncated archive, an empty key file or a half-installed tool, and the broken image ships.",
    remediation:
      'Set `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` (or ash/zsh) before the RUN, or start the RUN with `set -o pipefail &&`. Exec-form RUNs are not flagged, nor RUNs after a SHELL naming a shell without pipefail (sh, dash, PowerShell, cmd).',
    example:
      'SHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN curl -fsSL https://example.com/key.asc | gpg --dearmor -o /usr/share/keyrings/example.gpg',
    references: ["https://github.com/hadolint/hadolint/wiki/DL4006"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const run of instructionsOf(stage)) {
        if (run.keyword !== "RUN" || run.execForm) continue;
        if (!judged(run.shell)) continue;
        for (const command of run.commands) {
          if (setsPipefail(command)) break; // `set -o pipefail` covers the rest of the RUN
          if (command.separatorBefore !== "|") continue;
          // the shell that runs the pipe: `bash -o pipefail -c '…'` for its script, else the SHELL
          const shell = command.runBy ? command.runBy.words.map((word) => word.text) : run.shell;
          if (shellSetsPipefail(shell)) continue;
          ctx.report({
            message: "a pipe in RUN without pipefail: a failure left of the | is ignored",
            at: { line: run.line, column: run.column },
          });
          break;
        }
      }
    }
  },
});
