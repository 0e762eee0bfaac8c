import { defineFileRule } from "../../../rule.ts";
import type { DockerfileModel } from "../model.ts";

export const copyFromOwnStage = defineFileRule<DockerfileModel>({
  id: "dockerfile/copy-from-own-stage",
  analyzer: "dockerfile",
  title: "COPY --from names its own stage",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "A `COPY --from` names the stage it is in (by its `AS` name or its index).",
    whyItMatters:
      "A stage cannot copy from itself: the build fails with a circular dependency, or, where an image of that name exists, copies from that image rather than from the files the stage just built.",
    remediation: "Copy within a stage with RUN cp, or name the earlier stage that produces the files.",
    example:
      "FROM node:20.17 AS build\nRUN npm ci && npm run build\nFROM nginx:1.27\nCOPY --from=build /app/dist /usr/share/nginx/html",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3023"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const copy of stage.instructions) {
        if (copy.keyword !== "COPY") continue;
        const from = copy.flags.find((flag) => flag.name === "from");
        const value = from?.value?.toLowerCase();
        if (!from || !value) continue;
        const own =
          (stage.name !== null && value === stage.name) ||
          (stage.from !== null && value === String(stage.index));
        if (!own) continue;
        ctx.report({
          message: `COPY --from=${from.value} names the stage it is in`,
          at: { line: from.line, column: from.column },
        });
      }
    }
  },
});
