import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const duplicateStageName = defineFileRule<DockerfileModel>({
  id: "dockerfile/duplicate-stage-name",
  analyzer: "dockerfile",
  title: "Two build stages share one name",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "Two `FROM … AS <name>` lines use the same stage name (names are case-insensitive).",
    whyItMatters:
      "BuildKit rejects the file; older builders let the later stage shadow the earlier one, so `COPY --from=<name>` and `--target <name>` pick a stage the reader did not mean.",
    remediation: "Give every stage its own name.",
    example: "FROM node:20.17 AS deps\nFROM node:20.17 AS build",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3024"],
  },
  check(ctx) {
    const seen = new Map<string, number>();
    for (const stage of ctx.model.stages) {
      if (stage.name === null || stage.from === null) continue;
      const first = seen.get(stage.name);
      if (first === undefined) {
        seen.set(stage.name, stage.from.line);
        continue;
      }
      const nameWord = stage.from.args[2] ?? stage.from;
      ctx.report({
        message: `stage name "${stage.name}" is already used on line ${first}`,
        at: { line: nameWord.line, column: nameWord.column },
      });
    }
  },
});
