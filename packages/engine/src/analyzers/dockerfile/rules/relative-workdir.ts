import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, windowsAbsolute } from "../model.ts";

export const relativeWorkdir = defineFileRule<DockerfileModel>({
  id: "dockerfile/relative-workdir",
  analyzer: "dockerfile",
  title: "WORKDIR with a relative path",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A WORKDIR is relative, so the directory depends on every earlier WORKDIR, including the base image's.",
    whyItMatters:
      "A base image that changes its WORKDIR silently moves your files; later COPY and RUN steps then work in a different directory than the one reviewed.",
    remediation: "Use absolute paths. Paths that start with a variable (`$HOME/app`) are not flagged.",
    example: "WORKDIR /app",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3000"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const workdir of instructionsOf(stage)) {
        if (workdir.keyword !== "WORKDIR") continue;
        const path = workdir.args[0];
        if (!path) continue;
        if (/^(?:\/|\$|\\)/.test(path.text) || windowsAbsolute(ctx.file.text.slice(path.index, path.end)))
          continue; // absolute, variable or Windows
        ctx.report({
          message: `WORKDIR ${path.text} is relative`,
          at: { line: path.line, column: path.column },
        });
      }
    }
  },
});
