import { defineFileRule } from "../../../rule.ts";
import {
  type Command,
  type DockerfileModel,
  hasOption,
  packageOperands,
  runCommands,
  type Word,
} from "../model.ts";

/** The `install` word of `pip install`, `pip3 install`, `python -m pip install`; null otherwise. */
export function pipInstall(command: Command): Word | null {
  const words = command.args;
  if (/^pip[0-9.]*$/.test(command.program)) return words[0]?.text === "install" ? words[0] : null;
  if (/^python[0-9.]*$/.test(command.program) && words[0]?.text === "-m" && words[1]?.text === "pip") {
    return words[2]?.text === "install" ? words[2] : null;
  }
  return null;
}

/**
 * Whether a VCS requirement (`git+https://host/org/repo.git@v1.2#egg=x`) names a revision. Without
 * `@ref` after the host, pip installs whatever the default branch holds at build time.
 */
function vcsRevision(spec: string): boolean {
  const url = spec.replace(/#.*$/, "").replace(/^[a-z]+\+[a-z]+:\/\//i, "");
  return url.slice(url.indexOf("/") + 1).includes("@"); // `user@` before the host is not a revision
}

/** Tooling that is routinely upgraded to the latest release before the real install. */
const TOOLING = new Set(["pip", "setuptools", "wheel"]);

export const unpinnedPipPackage = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-pip-package",
  analyzer: "dockerfile",
  title: "pip install of a package without a version",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "`pip install <name>` names a package without a version specifier, so each build installs whatever is newest.",
    whyItMatters:
      "Builds are not reproducible, and a malicious or broken new release is installed the moment it is published.",
    remediation:
      "Pin versions (`name==1.2.3`), name a revision of a VCS URL (`git+https://…/repo.git@v1.2`), or install from a requirements or constraints file. Paths, URLs, `-r` files and `-c` constraints are not flagged, nor is upgrading pip, setuptools or wheel.",
    example: "RUN pip install --no-cache-dir requests==2.32.3",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3013"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        const install = pipInstall(command);
        if (!install) continue;
        if (hasOption(command, "-c", "--constraint", "--require-hashes")) continue;
        const upgrade = hasOption(command, "-U", "--upgrade");
        for (const word of packageOperands(command, install)) {
          const spec = word.text;
          if (/^(?:git|hg|svn|bzr)\+/.test(spec)) {
            if (!vcsRevision(spec)) {
              ctx.report({
                message: `pip installs "${spec}" from version control without a revision`,
                at: { line: word.line, column: word.column },
              });
            }
            continue;
          }
          if (/[=<>~!@]|[./\\$]|\.whl$|^git\+|:\/\//.test(spec)) continue; // versioned, a path, a URL or a variable
          if (upgrade && TOOLING.has(spec.toLowerCase().replace(/\[.*\]$/, ""))) continue;
          ctx.report({
            message: `pip installs "${spec}" without a version`,
            at: { line: word.line, column: word.column },
          });
        }
      }
    }
  },
});
