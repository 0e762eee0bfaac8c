import { defineFileRule } from "../../../rule.ts";
import {
  type DockerfileModel,
  hasOption,
  isAptGet,
  runCommands,
  shippedStages,
  subcommand,
} from "../model.ts";

export const aptInstallWithRecommends = defineFileRule<DockerfileModel>({
  id: "dockerfile/apt-install-with-recommends",
  analyzer: "dockerfile",
  title: "apt-get install pulls in recommended packages",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  fixable: true,
  docs: {
    summary:
      "`apt-get install` runs without `--no-install-recommends` in a stage that ends up in the final image.",
    whyItMatters:
      "Recommended packages are installed on top of what you asked for: a larger image and more packages that can carry vulnerabilities, none of which the application uses.",
    remediation: "Add `--no-install-recommends` and name the packages you need explicitly.",
    example:
      "RUN apt-get update && apt-get install -y --no-install-recommends curl && rm -rf /var/lib/apt/lists/*",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3015"],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const { command } of runCommands(stage)) {
        if (!isAptGet(command)) continue;
        const verb = subcommand(command);
        if (verb?.text !== "install") continue;
        if (hasOption(command, "--no-install-recommends")) continue;
        if (command.args.some((w) => /Install-Recommends=(?:false|0|no)/i.test(w.text))) continue;
        ctx.report({
          message: "apt-get install without --no-install-recommends",
          at: { line: command.line, column: command.column },
          // positions inside an `sh -c` string with escapes are approximate: report, do not edit
          ...(command.approximate
            ? {}
            : {
                fix: {
                  description: "add --no-install-recommends",
                  edits: [
                    {
                      start: ctx.file.byteOffsetOfIndex(verb.end),
                      end: ctx.file.byteOffsetOfIndex(verb.end),
                      text: " --no-install-recommends",
                    },
                  ],
                },
              }),
        });
      }
    }
  },
});
