import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, hasOption, runCommands, shippedStages, subcommand } from "../model.ts";

export const apkAddWithCache = defineFileRule<DockerfileModel>({
  id: "dockerfile/apk-add-with-cache",
  analyzer: "dockerfile",
  title: "apk add keeps its package cache in the image",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  fixable: true,
  docs: {
    summary: "`apk add` runs without `--no-cache` in a stage that ends up in the final image.",
    whyItMatters:
      "The APK index and cache stay in the layer, making the image larger and leaving a stale index for later steps.",
    remediation:
      "Use `apk add --no-cache`, which also makes a separate `apk update` unnecessary. A BuildKit cache mount on /var/cache/apk is accepted.",
    example: "RUN apk add --no-cache curl=8.9.1-r0",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3019"],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const { run, command } of runCommands(stage)) {
        if (command.program !== "apk") continue;
        const verb = subcommand(command);
        if (verb?.text !== "add" || hasOption(command, "--no-cache")) continue;
        if (
          run.flags.some((flag) => flag.name === "mount" && /target=\/var\/cache\/apk/.test(flag.value ?? ""))
        )
          continue;
        if (
          run.commands.some(
            (c) => c.program === "rm" && c.args.some((w) => w.text.startsWith("/var/cache/apk")),
          )
        )
          continue;
        ctx.report({
          message: "apk add without --no-cache",
          at: { line: command.line, column: command.column },
          // positions inside an `sh -c` string with escapes are approximate: report, do not edit
          ...(command.approximate
            ? {}
            : {
                fix: {
                  description: "add --no-cache",
                  edits: [
                    {
                      start: ctx.file.byteOffsetOfIndex(verb.end),
                      end: ctx.file.byteOffsetOfIndex(verb.end),
                      text: " --no-cache",
                    },
                  ],
                },
              }),
        });
      }
    }
  },
});
