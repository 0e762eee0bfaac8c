import { defineFileRule } from "../../../rule.ts";
import { commandMatch } from "../commands.ts";
import {
  actionPath,
  asScalar,
  type EnvVar,
  effectivePermissions,
  type ScriptLine,
  type Step,
  type WorkflowModel,
  withValue,
} from "../model.ts";
import { type StepScope, stepScopes } from "../taint.ts";

/** A value that comes from a repository secret (not the workflow's own GITHUB_TOKEN). */
function fromSecret(text: string | undefined): boolean {
  if (!text) return false;
  return /\$\{\{[^}]*\bsecrets\s*\.\s*(?!github_token\b)[A-Za-z_]/i.test(text);
}

function envText(variables: readonly EnvVar[], name: string): string | undefined {
  return asScalar(variables.find((variable) => variable.name === name)?.value)?.text;
}

/** The env variable as the step sees it (step, job, workflow). */
function visibleEnv(scope: StepScope, step: Step, name: string): string | undefined {
  return (
    envText(step.env, name) ??
    (scope.job ? envText(scope.job.env, name) : undefined) ??
    envText(scope.model.env, name)
  );
}

/**
 * Publishing commands of registries that offer trusted publishing (OIDC), and the long-lived
 * credentials they would otherwise read: an environment variable or a command-line flag.
 */
const PUBLISHERS: {
  registry: string;
  command: RegExp;
  env: string[];
  flag?: RegExp;
  /** Flags that make the command a rehearsal: nothing is uploaded. */
  dryRun?: RegExp;
  /**
   * A flag naming the upload target (captured), and the targets that are this registry: any other
   * target (GitHub Packages, a private index, a named alternative registry) has no trusted publishing.
   */
  target?: { flag: RegExp; home: RegExp };
}[] = [
  {
    registry: "PyPI",
    // `twine==6.1.0 upload` under `pipx run` names a version of the tool
    command: /\btwine(?:==\S+)?\s+upload\b/,
    env: ["TWINE_PASSWORD"],
    flag: /\s(?:-p|--password)[\s=]+\S*\$\{\{[^}]*secrets\./,
    target: {
      flag: /\s(?:--repository-url|-r|--repository)[\s=]+(\S+)/,
      home: /^(?:testpypi|pypi)$|pypi\.org/,
    },
  },
  {
    registry: "PyPI",
    command: /\buv\s+publish\b/,
    env: ["UV_PUBLISH_TOKEN", "UV_PUBLISH_PASSWORD"],
    flag: /\s(?:-t|--token|--password)[\s=]+\S*\$\{\{[^}]*secrets\./,
    target: { flag: /\s(?:--publish-url|--index)[\s=]+(\S+)/, home: /^(?:testpypi|pypi)$|pypi\.org/ },
  },
  {
    registry: "PyPI",
    command: /\bpoetry\s+publish\b/,
    env: ["POETRY_PYPI_TOKEN_PYPI"],
    flag: /\s(?:-p|--password|-u)[\s=]+\S*\$\{\{[^}]*secrets\./,
    target: { flag: /\s(?:-r|--repository)[\s=]+(\S+)/, home: /^pypi$/ },
  },
  {
    registry: "npm",
    command: /\b(?:npm|pnpm|yarn\s+npm)\s+publish\b/,
    env: ["NODE_AUTH_TOKEN", "NPM_TOKEN", "YARN_NPM_AUTH_TOKEN"],
    dryRun: /\s--dry-run\b/,
  },
  {
    registry: "RubyGems",
    command: /\bgem\s+push\b/,
    env: ["GEM_HOST_API_KEY"],
    target: { flag: /\s--host[\s=]+(\S+)/, home: /rubygems\.org/ },
  },
  {
    registry: "crates.io",
    // `cargo +nightly publish` picks a toolchain first
    command: /\bcargo\s+(?:\+\S+\s+)?publish\b/,
    env: ["CARGO_REGISTRY_TOKEN"],
    flag: /\s--token[\s=]+\S*\$\{\{[^}]*secrets\./,
    dryRun: /\s(?:--dry-run|-n)\b/,
    target: { flag: /\s(?:--registry|--index)[\s=]+(\S+)/, home: /^crates-io$|crates\.io/ },
  },
  {
    registry: "NuGet",
    // the nuget CLI, nuget.exe on Windows, and the dotnet CLI's `dotnet nuget push`
    command: /\b(?:dotnet\s+)?nuget(?:\.exe)?\s+push\b/i,
    env: [],
    flag: /\s(?:-k|--api-key|-ApiKey)[\s=]+\S*\$\{\{[^}]*secrets\./i,
    target: { flag: /\s(?:-s|--source|-Source)[\s=]+(\S+)/i, home: /nuget\.org/i },
  },
];

/**
 * Whether the job can mint an OIDC token for trusted publishing: `id-token: write` (or `write-all`)
 * in its own permissions or the workflow's. The default token never has it.
 */
function canUseOidc(scope: StepScope): boolean {
  if (!scope.job) return true; // a composite action runs with its caller's permissions: unknown
  const permissions = effectivePermissions(scope.model, scope.job);
  if (!permissions) return false;
  if (permissions.shorthand === "write-all") return true;
  return permissions.scopes.some((entry) => entry.name === "id-token" && entry.value === "write");
}

/** Whether the upload goes to another registry than the one that offers trusted publishing. */
function targetsElsewhere(publisher: (typeof PUBLISHERS)[number], line: string): boolean {
  if (!publisher.target) return false;
  const target = publisher.target.flag.exec(line)?.[1];
  return target !== undefined && !publisher.target.home.test(target.replace(/^["']|["']$/g, ""));
}

/**
 * npm publishing to a registry other than npmjs.org (GitHub Packages, a private registry) has no
 * trusted publishing: a `--registry` flag, or a `setup-node` step of the job with another `registry-url`.
 */
function publishesElsewhere(scope: StepScope, line: string): boolean {
  const flag = /--registry[\s=]+(\S+)/.exec(line)?.[1];
  if (flag) return !flag.includes("registry.npmjs.org");
  return scope.steps.slice(0, scope.position).some((earlier) => {
    if (actionPath(earlier) !== "actions/setup-node") return false;
    const url = withValue(earlier, "registry-url")?.text;
    return url !== undefined && !url.includes("registry.npmjs.org");
  });
}

/**
 * The script's commands, each at the position of its first line: a line that ends in a shell
 * backslash or a PowerShell backtick continues on the next, so a `cargo` line followed by a
 * `publish` line is read as one command.
 */
function commands(lines: readonly ScriptLine[]): ScriptLine[] {
  const result: ScriptLine[] = [];
  let pending: ScriptLine | null = null;
  for (const line of lines) {
    const current: ScriptLine = pending ? { ...pending, text: `${pending.text} ${line.text.trim()}` } : line;
    // a command continued over many lines is generated text; stop joining past a bounded length
    if (/[\\`]\s*$/.test(current.text) && current.text.length < 2000) {
      pending = { ...current, text: current.text.replace(/[\\`]\s*$/, "") };
      continue;
    }
    result.push(current);
    pending = null;
  }
  if (pending) result.push(pending);
  return result;
}

export const useTrustedPublishing = defineFileRule<WorkflowModel>({
  id: "ci/use-trusted-publishing",
  analyzer: "ci",
  title: "Package published with a long-lived token where trusted publishing exists",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [798],
  controls: ["CI-OIDC-01", "CI-SECRET-01"],
  docs: {
    summary:
      "A workflow publishes to PyPI (`pypa/gh-action-pypi-publish` with `password:`, `twine upload`, `uv publish`, `poetry publish`), npm (`npm publish` with `NODE_AUTH_TOKEN`), RubyGems (`gem push` with `GEM_HOST_API_KEY`), crates.io (`cargo publish` with a token) or NuGet (`nuget push`, `dotnet nuget push` with `--api-key`) using an API token stored as a secret; or runs one of these publish commands, with no token in sight, in a job without `id-token: write`, which can then only authenticate with a stored credential.",
    whyItMatters:
      "These registries accept short-lived OIDC credentials bound to the repository and workflow (trusted publishing). A stored API token does not expire, works from anywhere, and once leaked (a log, a compromised action) lets anyone publish a malicious release.",
    remediation:
      "Configure a trusted publisher on the registry for this repository and workflow, grant the job `id-token: write`, and drop the token: `pypa/gh-action-pypi-publish` without `password:`, `npm publish --provenance` with npm's trusted publishing, `rubygems/release-gem`, `rust-lang/crates-io-auth-action`, `NuGet/login`. Publishing to other registries (GitHub Packages, private indexes, a `--source`, `--host`, `--registry` or `--repository-url` elsewhere) is not flagged, nor a credential variable set from a step's output (an OIDC exchange).",
    example:
      "permissions:\n  id-token: write\nsteps:\n  - uses: pypa/gh-action-pypi-publish@76f52bc884231f62b9a034ebfe128415bbaabdfc # v1.12.4",
    references: [
      "https://docs.zizmor.sh/audits/#use-trusted-publishing",
      "https://docs.pypi.org/trusted-publishers/",
      "https://docs.npmjs.com/trusted-publishers",
    ],
  },
  check(ctx) {
    for (const { step, scope } of stepScopes(ctx.model)) {
      if (actionPath(step) === "pypa/gh-action-pypi-publish") {
        const password = withValue(step, "password");
        const repository = withValue(step, "repository-url")?.text ?? withValue(step, "repository_url")?.text;
        const pypi = !repository || /(?:^|\/\/)(?:upload\.)?(?:test\.)?pypi\.org\b/.test(repository);
        if (password && pypi && fromSecret(password.text)) {
          ctx.report({
            message: "PyPI upload with an API token; PyPI supports trusted publishing (drop `password:`)",
            at: { line: password.line, column: password.column },
          });
        }
        continue;
      }
      for (const line of commands(step.runLines)) {
        for (const publisher of PUBLISHERS) {
          if (!commandMatch(line.text, publisher.command)) continue;
          if (publisher.dryRun?.test(line.text)) continue;
          if (publisher.registry === "npm" && publishesElsewhere(scope, line.text)) continue;
          if (targetsElsewhere(publisher, line.text)) continue;
          const at = { line: line.line, column: line.column };
          const token = publisher.env.find((name) => fromSecret(visibleEnv(scope, step, name)));
          if (token || publisher.flag?.test(line.text)) {
            ctx.report({
              message: `${publisher.registry} publish with a long-lived token (${token ?? "on the command line"}); ${publisher.registry} supports trusted publishing`,
              at,
            });
            continue;
          }
          // No token in sight, but a job that cannot mint an OIDC token has only stored credentials
          // to publish with (a runner's config file, a secret set elsewhere). A credential variable
          // set from something else (an OIDC exchange step's output) is left alone.
          if (canUseOidc(scope) || publisher.env.some((name) => visibleEnv(scope, step, name) !== undefined))
            continue;
          ctx.report({
            message: `${publisher.registry} publish in a job without id-token: write, so with a long-lived credential; ${publisher.registry} supports trusted publishing`,
            at,
          });
        }
      }
    }
  },
});
