import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

export const aptInsteadOfAptGet = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-instead-of-apt-get",
  analyzer: "dockerfile",
  title: "apt used in a script instead of apt-get",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary: "A RUN step calls `apt`, the interactive front end, rather than `apt-get`.",
    whyItMatters:
      "`apt` warns that it has no stable command-line interface: its output, prompts and defaults change between releases, so a build that works today can break or behave differently on the next base image.",
    remediation: "Use `apt-get` (and `apt-cache` for queries) in Dockerfiles.",
    example: "RUN apt-get update && apt-get install -y --no-install-recommends curl=7.88.1-10+deb12u7",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3027"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "apt") continue;
        ctx.report({
          message: "apt has no stable scripting interface; use apt-get",
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
