import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";
import { hasAnyOption, packageInvocation } from "../package-managers.ts";

export const packageInstallWithoutYes = defineFileRule<DockerfileModel>({
  id: "dockerfile/package-install-without-yes",
  analyzer: "dockerfile",
  title: "yum, dnf, microdnf or zypper install without the non-interactive option",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "`yum`, `dnf` or `microdnf` installs without `-y`, or `zypper` without `-n`/`--non-interactive` (or `install -y`), so it waits at the confirmation prompt. apt-get has its own rule, dockerfile/apt-install-without-yes.",
    whyItMatters:
      "A build has no terminal: the prompt reads end-of-file and the install aborts, or a wrapper answers for it and the build does something the file does not say.",
    remediation: "Add `-y` to yum, dnf and microdnf, and `-n` (before the verb) to zypper.",
    example: "RUN dnf install -y httpd-2.4.57 && dnf clean all",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3030",
      "https://github.com/hadolint/hadolint/wiki/DL3034",
      "https://github.com/hadolint/hadolint/wiki/DL3038",
    ],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const invocation = packageInvocation(command);
        if (!invocation?.verb || invocation.manager.name === "apt-get") continue;
        const { manager, verb } = invocation;
        if (manager.yesOptions.length === 0) continue;
        const prompts =
          manager.installVerbs.includes(verb.text) ||
          manager.upgradeVerbs.includes(verb.text) ||
          ["remove", "erase", "rm"].includes(verb.text);
        if (!prompts || hasAnyOption(command, manager.yesOptions)) continue;
        ctx.report({
          message: `${manager.name} ${verb.text} without ${manager.yesOptions[0]} waits for a confirmation that never comes`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
