import { defineFileRule } from "../../../rule.ts";
import { type DockerfileModel, packageOperands, runCommands, subcommand } from "../model.ts";

/** Whether an npm package spec names a version: `left-pad@1.3.0`, `@scope/name@^2`, not `@latest`. */
export function npmSpecPinned(spec: string): boolean {
  const at = spec.indexOf("@", spec.startsWith("@") ? 1 : 0);
  if (at === -1) return false;
  const version = spec.slice(at + 1);
  return version !== "" && !["latest", "next", "canary"].includes(version.toLowerCase());
}

/** A git dependency: `git+https://…`, `git://…`, `github:user/repo`. */
const GIT_SPEC = /^(?:git\+[a-z]+:\/\/|git:\/\/|github:|gitlab:|bitbucket:)/i;

/** Operands that are not registry packages: paths, tarballs, URLs, git and alias specs, variables. */
function isRegistrySpec(spec: string): boolean {
  if (/[$`]|:\/\/|^(?:git|github|gitlab|bitbucket|file|npm|link|workspace):|\.(?:t?gz|tar)$/.test(spec))
    return false;
  if (/^[.~/]/.test(spec)) return false;
  // `user/repo` is a GitHub shorthand; `@scope/name` is a registry package
  return !spec.includes("/") || spec.startsWith("@");
}

export const unpinnedNpmPackage = defineFileRule<DockerfileModel>({
  id: "dockerfile/unpinned-npm-package",
  analyzer: "dockerfile",
  title: "npm install of a package without a version",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "`npm install <name>` (often `-g` for a CLI tool) names a package without a version or with a moving tag such as `@latest`.",
    whyItMatters:
      "Each build installs whatever is newest on the registry, with whatever install scripts that release runs; a hijacked or broken release reaches the image without a reviewed change.",
    remediation:
      "Name the version (`npm install -g typescript@5.6.3`), or install from the project's lockfile with `npm ci`. Name a commit or tag of a git URL (`git+https://…/repo.git#v1.2.0`). Paths, tarballs and variables are not flagged.",
    example: "RUN npm install -g --ignore-scripts typescript@5.6.3",
    references: ["https://github.com/hadolint/hadolint/wiki/DL3016"],
  },
  check(ctx) {
    for (const stage of ctx.model.stages) {
      for (const { command } of runCommands(stage)) {
        if (command.program !== "npm") continue;
        const verb = subcommand(command);
        if (!verb || !["install", "i", "add", "isntall", "in"].includes(verb.text)) continue;
        for (const operand of packageOperands(command, verb)) {
          // without `#commit`, `#tag` or `#semver:` npm clones the default branch as it is that day
          if (GIT_SPEC.test(operand.text) && !operand.text.includes("#")) {
            ctx.report({
              message: `npm installs "${operand.text}" from git without a commit or tag`,
              at: { line: operand.line, column: operand.column },
            });
            continue;
          }
          if (!isRegistrySpec(operand.text) || npmSpecPinned(operand.text)) continue;
          ctx.report({
            message: `npm installs "${operand.text}" without a version`,
            at: { line: operand.line, column: operand.column },
          });
        }
      }
    }
  },
});
