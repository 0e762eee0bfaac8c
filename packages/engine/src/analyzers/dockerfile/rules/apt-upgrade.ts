import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, isAptGet, runCommands, subcommand } from "../model.ts";

export const aptUpgrade = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-upgrade",
  analyzer: "dockerfile",
  title: "apt-get upgrade or dist-upgrade in a build",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: ["CTR-BLD-02"],
  docs: {
    summary:
      "A RUN step upgrades every installed package (`apt-get upgrade`, `dist-upgrade`, `full-upgrade`).",
    whyItMatters:
      "The image content then depends on the day of the build rather than on the base image tag, and a broken upstream package breaks unrelated builds. Patched packages belong in a newer base image.",
    remediation: "Move to a newer base image tag, or install the specific package versions you need.",
    example: "FROM debian:12.6-slim",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3005"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (!isAptGet(command)) continue;
        const verb = subcommand(command)?.text;
        if (verb === "upgrade" || verb === "dist-upgrade" || verb === "full-upgrade") {
          ctx.report({
            message: `apt-get ${verb} makes the image depend on the build date`,
            at: { line: command.line, column: command.column },
          });
        }
      }
    }
  },
});
