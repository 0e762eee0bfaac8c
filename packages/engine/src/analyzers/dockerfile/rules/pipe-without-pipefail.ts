import { defineFileRule } from "../../../rule.ts";
import { type Command, type DockerfileModel, instructionsOf, isPosixShell } from "../model.ts";

/*
 * Every POSIX shell is judged, the default `/bin/sh -c` and an explicit `SHELL ["/bin/sh", "-c"]`
 * alike (the same shell), dash too: a failure left of the `|` is lost in each. PowerShell and cmd
 * are not: their RUN bodies are not parsed as POSIX shell and their pipes pass objects.
 *
 * A pipefail request counts in any of them. bash, zsh, ksh, mksh and BusyBox ash (Alpine's
 * /bin/sh) honour it; dash (Debian's and Ubuntu's /bin/sh, 0.5.12 in Debian 12 and 13 and Ubuntu
 * 24.04) gained it only after 0.5.12, and before that rejects `-o pipefail` ("Illegal option")
 * and `set -o pipefail` (a special built-in's error ends the shell). Either way no pipe failure
 * is lost: the option works, or every RUN fails at once and the build stops. So
 * `SHELL ["/bin/sh", "-o", "pipefail", "-c"]` is not flagged: on Alpine it is the fix.
 */

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
      'Set `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` (or ash/zsh) before the RUN, or start the RUN with `set -o pipefail &&`. An explicit `SHELL ["/bin/sh", "-c"]` is judged like the default shell. Exec-form RUNs are not flagged, nor RUNs under PowerShell or cmd.',
    example:
      'SHELL ["/bin/bash", "-o", "pipefail", "-c"]\nRUN curl -fsSL https://example.com/key.asc | gpg --dearmor -o /usr/share/keyrings/example.gpg',
    references: ["https://github.com/hadolint/hadolint/wiki/DL4006"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const run of instructionsOf(stage)) {
        if (run.keyword !== "RUN" || run.execForm) continue;
        if (!isPosixShell(run.shell)) continue;
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
