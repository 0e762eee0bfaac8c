import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, instructionsOf, isAptGet, shippedStages, subcommand } from "../model.ts";

export const aptListsNotRemoved = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-lists-not-removed",
  analyzer: "dockerfile",
  title: "apt package lists left in the image",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A RUN step in a shipped stage installs with apt-get but does not remove `/var/lib/apt/lists/*` in the same instruction.",
    whyItMatters:
      "The package index stays in the layer: tens of megabytes per image, and a stale index that later RUN steps may install from.",
    remediation:
      "End the RUN with `rm -rf /var/lib/apt/lists/*`, or use a BuildKit cache mount for /var/lib/apt. Build stages that are not copied wholesale into the final image are not flagged.",
    example:
      "RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3009"],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const run of instructionsOf(stage)) {
        if (run.keyword !== "RUN") continue;
        const install = run.commands.find((c) => isAptGet(c) && subcommand(c)?.text === "install");
        if (!install) continue;
        if (
          run.flags.some((flag) => flag.name === "mount" && /target=\/var\/lib\/apt/.test(flag.value ?? ""))
        )
          continue;
        // `apt-get clean` empties /var/cache/apt, not the lists, so only an rm counts
        const cleaned = run.commands.some(
          (c) => c.program === "rm" && c.args.some((w) => w.text.startsWith("/var/lib/apt/lists")),
        );
        if (cleaned) continue;
        ctx.report({
          message: "apt-get install without rm -rf /var/lib/apt/lists/* in the same RUN",
          at: { line: install.line, column: install.column },
        });
      }
    }
  },
});
