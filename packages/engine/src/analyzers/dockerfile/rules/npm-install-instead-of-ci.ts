import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, packageOperands, runCommands, subcommand } from "../model.ts";

export const npmInstallInsteadOfCi = defineFileRule<DockerfileModel>({
  id: "dockerfile/npm-install-instead-of-ci",
  analyzer: "dockerfile",
  title: "npm install instead of npm ci",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: ["SCA-PIN-01"],
  docs: {
    summary: "A RUN step installs a project's dependencies with `npm install` rather than `npm ci`.",
    whyItMatters:
      "`npm install` may resolve newer versions than the lockfile and rewrite it; `npm ci` installs exactly what the lockfile says and fails if it is out of date.",
    remediation:
      "Copy `package-lock.json` and run `npm ci`. Installing named packages (`npm install -g tool@1.2.3`) is a different operation and is not flagged.",
    example: "COPY package.json package-lock.json ./\nRUN npm ci --omit=dev",
    references: ["https://docs.npmjs.com/cli/commands/npm-ci"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "npm") continue;
        const verb = subcommand(command);
        if (!verb || !["install", "i", "add", "isntall"].includes(verb.text)) continue;
        if (packageOperands(command, verb).length > 0) continue;
        ctx.report({
          message: `npm ${verb.text} without packages resolves dependencies afresh; use npm ci`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
