import { defineFileRule } from "../../../rule.ts";
import { type Command, type DockerfileModel, runCommands, shippedStages } from "../model.ts";

/** `yarn`, `yarn install`, `yarn add x`, `yarn global add x`: commands that fill the cache. */
function fillsCache(command: Command): boolean {
  if (command.program !== "yarn") return false;
  const words = command.args.filter((word) => !word.text.startsWith("-")).map((word) => word.text);
  return (
    words.length === 0 ||
    words[0] === "install" ||
    words[0] === "add" ||
    (words[0] === "global" && words[1] === "add")
  );
}

export const yarnCacheNotCleaned = defineFileRule<DockerfileModel>({
  id: "dockerfile/yarn-cache-not-cleaned",
  analyzer: "dockerfile",
  title: "yarn cache left in the image",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  controls: [],
  docs: {
    summary:
      "A RUN step in a shipped stage installs with yarn and does not run `yarn cache clean` in the same instruction (nor mounts a cache).",
    whyItMatters:
      "yarn keeps a copy of every downloaded package in its cache: the layer carries the dependencies twice, often hundreds of megabytes per pull.",
    remediation:
      "End the RUN with `yarn cache clean`, or mount a BuildKit cache on yarn's cache folder. Build stages the final image does not build on are not flagged.",
    example: "RUN yarn install --frozen-lockfile && yarn cache clean",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3060"],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const { run, command } of runCommands(stage)) {
        if (!fillsCache(command)) continue;
        const cleaned = run.commands.some(
          (other) =>
            other.program === "yarn" && other.args[0]?.text === "cache" && other.args[1]?.text === "clean",
        );
        const mounted = run.flags.some(
          (flag) =>
            flag.name === "mount" && /type=cache/.test(flag.value ?? "") && /yarn/.test(flag.value ?? ""),
        );
        if (cleaned || mounted) continue;
        ctx.report({
          message: "yarn installs without yarn cache clean in the same RUN",
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
