import { defineFileRule } from "../../../rule.ts";
import {
  type DockerfileModel,
  type Instruction,
  instructionsOf,
  runCommands,
  type Stage,
  shippedStages,
  stageChain,
} from "../model.ts";
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

/** Whether a RUN deletes `file` (`rm -f /etc/apt/apt.conf.d/docker-clean`). */
function removesFile(run: Instruction, file: string): boolean {
  return run.commands.some((c) => c.program === "rm" && c.args.some((word) => word.text === file));
}

/**
 * Whether `file` was deleted by `run` itself or by a RUN before it, in its stage or a stage it
 * builds on (`chain`: the stage first, then its parents).
 */
function removedBy(chain: readonly Stage[], run: Instruction, file: string): boolean {
  const [own, ...parents] = chain;
  for (const stage of parents) {
    for (const earlier of instructionsOf(stage)) {
      if (earlier.keyword === "RUN" && removesFile(earlier, file)) return true;
    }
  }
  for (const earlier of own ? instructionsOf(own) : []) {
    if (earlier.keyword === "RUN" && removesFile(earlier, file)) return true;
    if (earlier === run) break;
  }
  return false;
}

export const packageCacheNotCleaned = defineFileRule<DockerfileModel>({
  id: "dockerfile/package-cache-not-cleaned",
  analyzer: "dockerfile",
  title: "yum, dnf, microdnf, zypper or apt-get download cache left in the image",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A RUN step in a shipped stage installs with yum, dnf, microdnf or zypper and does not clean the package cache in the same instruction; or installs with apt-get after the image's `/etc/apt/apt.conf.d/docker-clean` was deleted (Docker's Debian and Ubuntu images empty /var/cache/apt after each install through it; it is deleted to keep a BuildKit cache) without a cache mount on /var/cache/apt. (apt lists and apk have their own rules.)",
    whyItMatters:
      "Downloaded packages and repository metadata stay in the layer: tens to hundreds of megabytes in every pull, and stale metadata that later steps may install from. A clean in a later RUN does not shrink the earlier layer.",
    remediation:
      "End the RUN with `yum clean all`, `dnf clean all`, `microdnf clean all`, `zypper clean` or `apt-get clean`, or mount a BuildKit cache on the cache directory (with docker-clean deleted, on /var/cache/apt as well as /var/lib/apt). Build stages the final image does not build on are not flagged.",
    example: "RUN dnf install -y httpd-2.4.57 && dnf clean all",
    references: [
      "https://github.com/hadolint/hadolint/wiki/DL3009",
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
        if (manager.name === "apk") continue;
        if (!manager.installVerbs.includes(verb.text)) continue;
        if (cleans(run) || removesAnyOf(run, manager.cacheDirs) || mountsCacheOn(run, manager.cacheDirs))
          continue;
        // the image cleans up after the tool itself until the configuration doing so is deleted
        const config = manager.selfCleaningConfig;
        if (config && !removedBy(stageChain(ctx.model, stage), run, config)) continue;
        ctx.report({
          message: `${manager.name} ${verb.text} without ${manager.name} ${manager.cleanVerbs[0]!.join(" ")} in the same RUN${config ? ` (${config} was deleted: the downloaded packages stay)` : ""}`,
          at: { line: command.line, column: command.column },
        });
      }
    }
  },
});
