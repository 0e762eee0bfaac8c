import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, isAptGet, subcommand } from "../model.ts";

export const aptUpdateAlone = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-update-alone",
  analyzer: "dockerfile",
  title: "apt-get update in its own RUN",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary: "A RUN instruction runs `apt-get update` without installing anything in the same instruction.",
    whyItMatters:
      "The layer cache keeps the package index of the first build; later `apt-get install` layers then install stale versions (missing security fixes) or fail when the mirror has moved on.",
    remediation: "Run `apt-get update` and `apt-get install` in the same RUN instruction.",
    example:
      "RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*",
    references: ["https://docs.docker.com/build/building/best-practices/#apt-get"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const run of instructionsOf(stage)) {
        if (run.keyword !== "RUN") continue;
        const apt = run.commands.filter(isAptGet);
        const update = apt.find((command) => subcommand(command)?.text === "update");
        if (!update) continue;
        if (apt.some((command) => subcommand(command)?.text === "install")) continue;
        ctx.report({
          message: "apt-get update without an install in the same RUN leaves a stale cached index",
          at: { line: update.line, column: update.column },
        });
      }
    }
  },
});
