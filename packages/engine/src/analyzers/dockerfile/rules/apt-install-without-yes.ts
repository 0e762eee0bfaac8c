import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, isAptGet, runCommands, subcommand } from "../model.ts";

/** `-y`, `--yes`, `--assume-yes`, clusters like `-qy`, and quiet level 2 (`-qq`, `-q=2`), which implies -y. */
function answersYes(words: readonly string[]): boolean {
  return words.some(
    (w) =>
      w === "--yes" ||
      w === "--assume-yes" ||
      w === "-qq" ||
      /^(?:-q|--quiet)=[2-9]$/.test(w) ||
      (/^-[a-z]+$/.test(w) && w.includes("y")) ||
      /^APT::Get::Assume-Yes=(?:true|1|yes)$/i.test(w),
  );
}

export const aptInstallWithoutYes = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-install-without-yes",
  analyzer: "dockerfile",
  title: "apt-get install without -y",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  fixable: true,
  docs: {
    summary: "`apt-get install` runs without `-y`, so it stops at the confirmation prompt.",
    whyItMatters:
      "In a non-interactive build the prompt aborts the install; builds then fail or, with a wrapper that answers for them, behave differently from what the file says.",
    remediation: "Add `-y` (or `--yes`). `-qq` implies `-y` and is accepted.",
    example: "RUN apt-get install -y --no-install-recommends curl",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3014"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (!isAptGet(command)) continue;
        const verb = subcommand(command);
        if (verb?.text !== "install" || answersYes(command.args.map((w) => w.text))) continue;
        ctx.report({
          message: "apt-get install without -y waits for a confirmation that never comes",
          at: { line: command.line, column: command.column },
          // positions inside an `sh -c` string with escapes are approximate: report, do not edit
          ...(command.approximate
            ? {}
            : {
                fix: {
                  description: "add -y",
                  edits: [
                    {
                      start: ctx.file.byteOffsetOfIndex(verb.end),
                      end: ctx.file.byteOffsetOfIndex(verb.end),
                      text: " -y",
                    },
                  ],
                },
              }),
        });
      }
    }
  },
});
