import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const overriddenCmd = defineFileRule<DockerfileModel>({
  id: "dockerfile/overridden-cmd",
  analyzer: "dockerfile",
  title: "CMD or ENTRYPOINT overridden later in the same stage",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "A stage has more than one CMD (or ENTRYPOINT); only the last takes effect.",
    whyItMatters:
      "The earlier instruction is dead code that reviewers read as what the container runs; the image actually starts something else.",
    remediation:
      "Keep one CMD and one ENTRYPOINT per stage. Instructions in different stages do not conflict.",
    example: 'ENTRYPOINT ["/app/server"]\nCMD ["--port", "8080"]',
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL4003",
      "https://github.com/hadolint/hadolint/wiki/DL4004",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const keyword of ["CMD", "ENTRYPOINT"]) {
        const list = stage.instructions.filter((i) => i.keyword === keyword);
        const last = list[list.length - 1];
        for (const earlier of list.slice(0, -1)) {
          ctx.report({
            message: `this ${keyword} is overridden by the one on line ${last!.line}`,
            at: { line: earlier.line, column: earlier.column },
            related: [
              { at: { line: last!.line, column: last!.column }, message: `the ${keyword} that takes effect` },
            ],
          });
        }
      }
    }
  },
});
