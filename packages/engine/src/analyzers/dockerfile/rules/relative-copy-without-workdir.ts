import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, windowsAbsolute } from "../model.ts";

export const relativeCopyWithoutWorkdir = defineFileRule<DockerfileModel>({
  id: "dockerfile/relative-copy-without-workdir",
  analyzer: "dockerfile",
  title: "COPY to a relative destination before any WORKDIR",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A COPY or ADD writes to a relative destination (`COPY app.py .`) in a stage that has not set a WORKDIR (itself or through the stages it builds on).",
    whyItMatters:
      "The files land in whatever working directory the base image sets, usually `/`: a base image update that changes it moves the files, and later steps and the CMD look for them in the wrong place.",
    remediation:
      "Set `WORKDIR /app` before the COPY, or copy to an absolute path. Variables are not flagged.",
    example: "WORKDIR /app\nCOPY app.py .",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3045"],
  },
  check(ctx) {
    // whether each stage ends with a WORKDIR set, itself or through its parent (always an earlier stage)
    const workdirAtEnd: boolean[] = [];
    for (const stage of ctx.model.stages) {
      const inherited = stage.parent !== null && workdirAtEnd[stage.parent] === true;
      let workdirSet = inherited;
      for (const instruction of stage.instructions) {
        if (instruction.keyword === "WORKDIR") workdirSet = true;
        if (workdirSet || (instruction.keyword !== "COPY" && instruction.keyword !== "ADD")) continue;
        const destination = instruction.args[instruction.args.length - 1];
        if (!destination || instruction.args.length < 2) continue;
        if (/^[/\\$`]/.test(destination.text)) continue; // absolute or a variable
        if (windowsAbsolute(ctx.file.text.slice(destination.index, destination.end))) continue;
        ctx.report({
          message: `${instruction.keyword} to the relative "${destination.text}" before any WORKDIR: it depends on the base image's directory`,
          at: { line: destination.line, column: destination.column },
        });
      }
      workdirAtEnd[stage.index] = workdirSet;
    }
  },
});
