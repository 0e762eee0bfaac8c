import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, type Instruction, runCommands, shippedStages } from "../model.ts";
import { mountsCacheOn, packageInvocation, removesAnyOf } from "../package-managers.ts";

/** Whether the RUN runs a package manager's clean command (`dnf clean all`, `zypper cc`). */
function cleans(run: Instruction): boolean {
  return run.commands.some((command) => {
    const invocation = packageInvocation(command);
    if (!invocation?.verb) return false;
    const words = [invocation.verb.text, ...invocation.operands.map((word) => word.text)];
    return invocation.manager.cleanVerbs.some((clean) => clean.every((word, i) => words[i] === word));
  });
}

export const packageCacheNotCleaned = defineFileRule<DockerfileModel>({
  id: "dockerfile/package-cache-not-cleaned",
  analyzer: "dockerfile",
  title: "yum, dnf, microdnf or zypper cache left in the image",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A RUN step in a shipped stage installs with yum, dnf, microdnf or zypper and does not clean the package cache in the same instruction. (apt-get and apk have their own rules.)",
    whyItMatters:
      "Downloaded packages and repository metadata stay in the layer: tens to hundreds of megabytes in every pull, and stale metadata that later steps may install from. A clean in a later RUN does not shrink the earlier layer.",
    remediation:
      "End the RUN with `yum clean all`, `dnf clean all`, `microdnf clean all` or `zypper clean`, or mount a BuildKit cache on the cache directory. Build stages the final image does not build on are not flagged.",
    example: "RUN dnf install -y httpd-2.4.57 && dnf clean all",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3032",
      "https://github.com/hadolint/hadolint/wiki/DL3036",
      "https://github.com/hadolint/hadolint/wiki/DL3040",
    ],
  },
  check(ctx) {
    for (const stage of shippedStages(ctx.model)) {
      for (const { run, command } of runCommands(stage)) {
        const invocation = packageInvocation(command);
        if (!invocation?.verb) continue;
        const { manager, verb } = invocation;
        if (manager.name === "apt-get" || manager.name === "apk") continue;
        if (!manager.installVerbs.includes(verb.text)) continue;
        if (cleans(run) || removesAnyOf(run, manager.cacheDirs) || mountsCacheOn(run, manager.cacheDirs))
          continue;
        ctx.report({
          message: `${manager.name} ${verb.text} without ${manager.name} ${manager.cleanVerbs[0]!.join(" ")} in the same RUN`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
