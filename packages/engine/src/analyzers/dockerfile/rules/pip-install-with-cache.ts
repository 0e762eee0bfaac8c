import { defineFileRule } from "../../../rule.ts";
import {
  type DockerfileModel,
  hasOption,
  runCommands,
  type Stage,
  shippedStages,
  stageChain,
  type Word,
} from "../model.ts";
import { pipInstall } from "./unpinned-pip-package.ts";

export const pipInstallWithCache = defineFileRule<DockerfileModel>({
  id: "dockerfile/pip-install-with-cache",
  analyzer: "dockerfile",
  title: "pip install keeps its download cache in the image",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  fixable: true,
  docs: {
    summary: "`pip install` runs without `--no-cache-dir` in a stage that ends up in the final image.",
    whyItMatters: "pip's wheel cache stays in the layer, often doubling the size of the installed packages.",
    remediation:
      "Add `--no-cache-dir`, set `ENV PIP_NO_CACHE_DIR=1` in the stage, or use a BuildKit cache mount on /root/.cache/pip.",
    example: "RUN pip install --no-cache-dir -r requirements.txt",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3042"],
  },
  check(ctx) {
    // pip disables its cache for any PIP_NO_CACHE_DIR value it accepts, "0" and "false" included
    // (kept that way for backward compatibility): the variable being set is what counts
    const setsVariable = (words: readonly Word[]) =>
      words.some((w) => /^PIP_NO_CACHE_DIR(?:=|$)/.test(w.text));
    const envDisablesCache = (stage: Stage) =>
      stage.instructions.some((i) => i.keyword === "ENV" && setsVariable(i.args));
    for (const stage of shippedStages(ctx.model)) {
      // an ENV reaches the stages built on this one
      if (stageChain(ctx.model, stage).some(envDisablesCache)) continue;
      for (const { run, command, position } of runCommands(stage)) {
        const install = pipInstall(command);
        if (!install || hasOption(command, "--no-cache-dir")) continue;
        if (setsVariable(command.words)) continue;
        const exported = run.commands
          .slice(0, position)
          .some((c) => c.program === "export" && setsVariable(c.args));
        if (exported) continue;
        if (run.flags.some((flag) => flag.name === "mount" && /\.cache\/pip/.test(flag.value ?? "")))
          continue;
        ctx.report({
          message: "pip install without --no-cache-dir",
          at: { line: command.line, column: command.column },
          // positions inside an `sh -c` string with escapes are approximate: report, do not edit
          ...(command.approximate
            ? {}
            : {
                fix: {
                  description: "add --no-cache-dir",
                  edits: [
                    {
                      start: ctx.file.byteOffsetOfIndex(install.end),
                      end: ctx.file.byteOffsetOfIndex(install.end),
                      text: " --no-cache-dir",
                    },
                  ],
                },
              }),
        });
      }
    }
  },
});
