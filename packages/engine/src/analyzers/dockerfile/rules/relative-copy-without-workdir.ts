import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, type Instruction, type Word, windowsAbsolute } from "../model.ts";

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
      "A COPY or ADD writes to a relative destination (`COPY app.py .`) in a stage that has not set a WORKDIR (itself or through the stages it builds on). An `ONBUILD COPY` counts the image's WORKDIR wherever it is set, and an `ONBUILD WORKDIR` before it.",
    whyItMatters:
      "The files land in whatever working directory the base image sets, usually `/`: a base image update that changes it moves the files, and later steps and the CMD look for them in the wrong place.",
    remediation:
      "Set `WORKDIR /app` before the COPY, or copy to an absolute path. Variables are not flagged.",
    example: "WORKDIR /app\nCOPY app.py .",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3045"],
  },
  check(ctx) {
    const relative = (instruction: Instruction): Word | null => {
      if (instruction.keyword !== "COPY" && instruction.keyword !== "ADD") return null;
      const destination = instruction.args[instruction.args.length - 1];
      if (!destination || instruction.args.length < 2) return null;
      if (/^[/\\$`]/.test(destination.text)) return null; // absolute or a variable
      if (windowsAbsolute(ctx.file.text.slice(destination.index, destination.end))) return null;
      return destination;
    };
    const report = (instruction: Instruction, destination: Word) =>
      ctx.report({
        message: `${instruction.keyword} to the relative "${destination.text}" before any WORKDIR: it depends on the base image's directory`,
        at: { line: destination.line, column: destination.column },
      });
    // whether each stage ends with a WORKDIR set, itself or through its parent (always an earlier stage)
    const workdirAtEnd: boolean[] = [];
    for (const stage of ctx.model.stages) {
      const inherited = stage.parent !== null && workdirAtEnd[stage.parent] === true;
      let workdirSet = inherited;
      for (const instruction of stage.instructions) {
        if (instruction.keyword === "WORKDIR") workdirSet = true;
        const destination = workdirSet ? null : relative(instruction);
        if (destination) report(instruction, destination);
      }
      workdirAtEnd[stage.index] = workdirSet;
      // an ONBUILD COPY runs in the child build, after this whole image: the image's WORKDIR
      // counts wherever it is set, as does an ONBUILD WORKDIR registered before the COPY
      let triggerWorkdirSet = workdirSet;
      for (const { trigger } of stage.instructions) {
        if (trigger?.keyword === "WORKDIR") triggerWorkdirSet = true;
        const destination = !trigger || triggerWorkdirSet ? null : relative(trigger);
        if (trigger && destination) report(trigger, destination);
      }
    }
  },
});
