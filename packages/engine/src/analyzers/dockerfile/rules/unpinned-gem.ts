import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, hasOption, packageOperands, runCommands, subcommand } from "../model.ts";

export const unpinnedGem = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-gem",
  analyzer: "dockerfile",
  title: "gem install without a version",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary: "`gem install <name>` names a gem without `-v`/`--version` or a `name:version` pin.",
    whyItMatters:
      "Each build installs the newest release, native extensions and all; a hijacked or broken release reaches the image without a reviewed change, and builds of one commit differ.",
    remediation:
      "Pin the version (`gem install bundler -v 2.5.18` or `gem install bundler:2.5.18`), or install from a Gemfile.lock with `bundle install`. Local `.gem` files and variables are not flagged.",
    example: "RUN gem install bundler:2.5.18 --no-document",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3028"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "gem") continue;
        const verb = subcommand(command);
        if (!verb || (verb.text !== "install" && verb.text !== "i")) continue;
        if (hasOption(command, "-v", "--version")) continue;
        // words after `--` are passed to the gem's build (`-- --use-system-libraries true`)
        const end = command.args.findIndex((word) => word.text === "--");
        const buildArgs = end === -1 ? [] : command.args.slice(end);
        for (const operand of packageOperands(command, verb)) {
          if (buildArgs.includes(operand)) continue;
          // `--use-system-libraries true` written before `--`: a boolean after an option is its
          // value (gem rejects the option there anyway), not a gem named `true`
          const before = command.args[command.args.indexOf(operand) - 1];
          if (/^(?:true|false)$/.test(operand.text) && before?.text.startsWith("-")) continue;
          if (/[$`/]|:|\.gem$/.test(operand.text)) continue; // pinned `name:1.2`, a path or a variable
          ctx.report({
            message: `gem installs "${operand.text}" without a version`,
            at: { line: operand.line, column: operand.column },
          });
        }
      }
    }
  },
});
