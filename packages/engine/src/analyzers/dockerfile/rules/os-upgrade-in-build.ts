import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, runCommands } from "../model.ts";
import { isPackageName, packageInvocation } from "../package-managers.ts";

export const osUpgradeInBuild = defineFileRule<DockerfileModel>({
  id: "dockerfile/os-upgrade-in-build",
  analyzer: "dockerfile",
  title: "apk, yum, dnf or zypper upgrade of every package in a build",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  controls: ["CTR-BLD-02"],
  docs: {
    summary:
      "A RUN step upgrades every installed package: `apk upgrade`, `yum`/`dnf update` or `upgrade` without package names, `zypper update` or `dist-upgrade`. (apt-get has its own rule, dockerfile/apt-upgrade.)",
    whyItMatters:
      "The image then depends on the day it was built rather than on the base image tag: two builds of one commit differ, and a broken upstream release breaks unrelated builds. A distribution upgrade can move the image to another release.",
    remediation:
      "Move to a newer base image tag for patches, or upgrade the specific packages you need with pinned versions. `dnf upgrade -y openssl-3.0.7` (named packages) is not flagged.",
    example: "FROM alpine:3.20.3",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3035"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const invocation = packageInvocation(command);
        if (!invocation?.verb || invocation.manager.name === "apt-get") continue;
        const { manager, verb } = invocation;
        if (!manager.upgradeVerbs.includes(verb.text)) continue;
        // named packages are a targeted upgrade, not "everything that is newer today"
        if (invocation.operands.some((operand) => isPackageName(operand.text))) continue;
        ctx.report({
          message: `${manager.name} ${verb.text} upgrades every package: the image depends on the build date`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
