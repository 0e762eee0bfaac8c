import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";

export const shReplacedByLink = defineFileRule<DockerfileModel>({
  id: "dockerfile/sh-replaced-by-link",
  analyzer: "dockerfile",
  title: "/bin/sh replaced with a link instead of SHELL",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A RUN step links another shell over `/bin/sh` (`ln -sf /bin/bash /bin/sh`) to change the shell RUN uses.",
    whyItMatters:
      "Every script in the image that says `#!/bin/sh`, package maintainer scripts included, then runs under a different shell than its author tested, in the build and in every container; failures show up far from this line.",
    remediation:
      'Set the shell for RUN with `SHELL ["/bin/bash", "-o", "pipefail", "-c"]` and leave /bin/sh alone.',
    example: 'SHELL ["/bin/bash", "-o", "pipefail", "-c"]',
    references: ["https://github.com/hadolint/hadolint/wiki/DL4005"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "ln") continue;
        const operands = command.args.filter((word) => !word.text.startsWith("-"));
        const target = operands[operands.length - 1];
        if (operands.length < 2 || (target?.text !== "/bin/sh" && target?.text !== "/usr/bin/sh")) continue;
        ctx.report({
          message: `ln replaces ${target.text}; use SHELL to change the shell RUN uses`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
