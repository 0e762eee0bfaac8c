import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

export const cdInRun = defineFileRule<DockerfileModel>({
  id: "dockerfile/cd-in-run",
  analyzer: "dockerfile",
  title: "cd in RUN instead of WORKDIR",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary: "A RUN step changes directory with `cd`.",
    whyItMatters:
      "The change lasts only for that RUN; the next instruction works somewhere else, which makes the file harder to review and easy to break. It is a readability hazard, not a security one.",
    remediation:
      "Set the directory with WORKDIR, or use the tool's own directory option (`make -C`, `npm --prefix`).",
    example: "WORKDIR /src\nRUN make",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3003"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program === "cd" && command.args.length > 0) {
          ctx.report({
            message: "cd in RUN; use WORKDIR",
            at: { line: command.line, column: command.column },
          });
        }
      }
    }
  },
});
