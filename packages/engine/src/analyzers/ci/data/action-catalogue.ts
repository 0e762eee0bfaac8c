// Curated facts about published actions, each with its source: advisories (GitHub Advisory Database
// ids), archive notices (the repository page, which shows "This repository has been archived"),
// and the popular owners and repositories that typosquats imitate. Shipped as data so that adding
// an entry touches this file only; a reviewer checks each entry against its source.

export interface VulnerableAction {
  /** Lower-case `owner/repo`. */
  repository: string;
  /** Versions before this one are affected (`46.0.1`); a floating tag is judged by every version it can reach. */
  fixed: string;
  /** Affected from this version on, when the flaw came in later (`4.0.0`). */
  introduced?: string;
  advisory: string;
  summary: string;
  severity: "critical" | "high" | "med" | "low";
}

export const VULNERABLE_ACTIONS: readonly VulnerableAction[] = [
  {
    repository: "tj-actions/changed-files",
    fixed: "46.0.1",
    advisory: "GHSA-mrrh-fwg8-r2c3",
    summary:
      "tags were repointed to a commit that dumped the runner's secrets into the logs (CVE-2025-30066)",
    severity: "critical",
  },
  {
    repository: "tj-actions/changed-files",
    fixed: "41.0.0",
    advisory: "GHSA-mcph-m25j-8j63",
    summary: "changed file names are emitted unescaped into outputs, allowing command injection",
    severity: "high",
  },
  {
    repository: "tj-actions/branch-names",
    fixed: "7.0.7",
    advisory: "GHSA-8v8w-v8xg-79rf",
    summary: "branch names are emitted unescaped into outputs, allowing command injection (CVE-2023-49291)",
    severity: "critical",
  },
  {
    repository: "actions/download-artifact",
    introduced: "4.0.0",
    fixed: "4.1.3",
    advisory: "GHSA-cxww-7g56-2vh6",
    summary: "artifact extraction follows `../` paths and writes outside the target folder (CVE-2024-42471)",
    severity: "high",
  },
  {
    repository: "dawidd6/action-download-artifact",
    fixed: "6.0.0",
    advisory: "GHSA-5xr6-xhww-33m4",
    summary: "artifacts of fork pull requests are downloaded by default, enabling artifact poisoning",
    severity: "high",
  },
  {
    repository: "sonarsource/sonarqube-scan-action",
    introduced: "4.0.0",
    fixed: "5.3.1",
    advisory: "GHSA-f79p-9c5r-xg88",
    summary:
      "action arguments were evaluated as shell expressions, allowing command injection (CVE-2025-58178)",
    severity: "high",
  },
  {
    repository: "sonarsource/sonarqube-scan-action",
    introduced: "4.0.0",
    fixed: "6.0.0",
    advisory: "GHSA-5xq9-5g24-4g6f",
    summary: "argument injection through the action's inputs in the Bash implementation",
    severity: "high",
  },
  {
    repository: "gradle/gradle-build-action",
    fixed: "2.4.2",
    advisory: "GHSA-h3qr-39j9-4r5v",
    summary: "the saved Gradle configuration cache can hold secrets readable by other workflows",
    severity: "high",
  },
];

/**
 * Actions that run one of their inputs as code (a script, a shell command, a query language that
 * can execute), so `${{ … }}` of attacker text in that input is a template injection exactly like
 * one in `run:`. The source is each action's documented inputs.
 */
export const CODE_INPUT_ACTIONS: readonly { repository: string; inputs: readonly string[]; runs: string }[] =
  [
    { repository: "actions/github-script", inputs: ["script"], runs: "JavaScript" },
    { repository: "amadevus/pwsh-script", inputs: ["script"], runs: "PowerShell" },
    { repository: "azure/cli", inputs: ["inlineScript"], runs: "a shell script" },
    { repository: "azure/powershell", inputs: ["inlineScript"], runs: "PowerShell" },
    { repository: "jannekem/run-python-script-action", inputs: ["script"], runs: "Python" },
    // yq's own `load`/`env` operators read files and variables, and the action passes cmd to a shell
    { repository: "mikefarah/yq", inputs: ["cmd"], runs: "a shell command" },
    { repository: "nick-fields/retry", inputs: ["command"], runs: "a shell command" },
    { repository: "appleboy/ssh-action", inputs: ["script"], runs: "a shell script on the remote host" },
  ];

/**
 * Actions whose outputs carry text a pull request's author chose (file and branch names), so
 * `${{ steps.<id>.outputs.<name> }}` of them is untrusted on pull request events. The source is
 * each action's documented outputs.
 */
export const UNTRUSTED_ACTION_OUTPUTS: readonly { repository: string; outputs: RegExp; what: string }[] = [
  { repository: "tj-actions/changed-files", outputs: /files$/i, what: "changed file names" },
  {
    repository: "tj-actions/branch-names",
    outputs: /^(?:current_branch|head_ref_branch|ref_branch|base_ref_branch)$/i,
    what: "branch names",
  },
  { repository: "dorny/paths-filter", outputs: /_files$/i, what: "changed file names" },
  {
    repository: "jitterbit/get-changed-files",
    outputs: /^(?:all|added|modified|removed|renamed|added_modified)$/i,
    what: "changed file names",
  },
];

export interface ArchivedAction {
  /** Lower-case `owner/repo`, or `owner/*` for an archived organisation. */
  repository: string;
  replacement: string;
  source: string;
}

export const ARCHIVED_ACTIONS: readonly ArchivedAction[] = [
  {
    repository: "actions/create-release",
    replacement: "softprops/action-gh-release or `gh release create`",
    source: "https://github.com/actions/create-release",
  },
  {
    repository: "actions/upload-release-asset",
    replacement: "softprops/action-gh-release or `gh release upload`",
    source: "https://github.com/actions/upload-release-asset",
  },
  {
    repository: "actions/setup-ruby",
    replacement: "ruby/setup-ruby",
    source: "https://github.com/actions/setup-ruby",
  },
  {
    repository: "actions/setup-elixir",
    replacement: "erlef/setup-beam",
    source: "https://github.com/actions/setup-elixir",
  },
  {
    repository: "actions/setup-haskell",
    replacement: "haskell-actions/setup",
    source: "https://github.com/actions/setup-haskell",
  },
  {
    repository: "actions-rs/*",
    replacement:
      "dtolnay/rust-toolchain or actions-rust-lang/setup-rust-toolchain, and plain `cargo` commands",
    source: "https://github.com/actions-rs/toolchain",
  },
  {
    repository: "haskell/actions",
    replacement: "haskell-actions/setup",
    source: "https://github.com/haskell/actions",
  },
  {
    repository: "crazy-max/ghaction-docker-buildx",
    replacement: "docker/setup-buildx-action",
    source: "https://github.com/crazy-max/ghaction-docker-buildx",
  },
];

/**
 * Popular action repositories (lower-case). A `uses:` whose owner is one edit away from one of
 * these owners, or whose repository is one edit away from one of these under the same owner, and
 * which is not itself listed, is a likely typosquat.
 */
export const POPULAR_ACTIONS: readonly string[] = [
  "actions/checkout",
  "actions/setup-node",
  "actions/setup-python",
  "actions/setup-go",
  "actions/setup-java",
  "actions/setup-dotnet",
  "actions/cache",
  "actions/upload-artifact",
  "actions/download-artifact",
  "actions/github-script",
  "actions/labeler",
  "actions/stale",
  "actions/configure-pages",
  "actions/upload-pages-artifact",
  "actions/deploy-pages",
  "actions/create-github-app-token",
  "actions/attest-build-provenance",
  "actions/dependency-review-action",
  "actions/first-interaction",
  "actions/add-to-project",
  "github/codeql-action",
  "docker/login-action",
  "docker/setup-buildx-action",
  "docker/setup-qemu-action",
  "docker/build-push-action",
  "docker/metadata-action",
  "aws-actions/configure-aws-credentials",
  "aws-actions/amazon-ecr-login",
  "azure/login",
  "azure/webapps-deploy",
  "google-github-actions/auth",
  "google-github-actions/setup-gcloud",
  "hashicorp/setup-terraform",
  "pypa/gh-action-pypi-publish",
  "softprops/action-gh-release",
  "peter-evans/create-pull-request",
  "codecov/codecov-action",
  "golangci/golangci-lint-action",
  "goreleaser/goreleaser-action",
  "dtolnay/rust-toolchain",
  "swatinem/rust-cache",
  "ruby/setup-ruby",
  "astral-sh/setup-uv",
  "pnpm/action-setup",
  "gradle/actions",
  "sigstore/cosign-installer",
  "slsa-framework/slsa-github-generator",
  "peaceiris/actions-gh-pages",
  "shivammathur/setup-php",
];

/** Real owners that sit one edit away from a popular one; never reported as typosquats. */
export const KNOWN_OWNERS: readonly string[] = ["actions-rs", "github", "azure", "aws-actions", "dockur"];

/** An action that runs an AI coding agent in the job, with the inputs that decide who and what it obeys. */
export interface AgentAction {
  repository: string;
  /** Inputs that list who may invoke the agent besides users with write access; `*` admits anyone. */
  allowLists: readonly string[];
  /** Inputs carrying instructions the agent follows. */
  prompts: readonly string[];
  /** Input values that give the agent an unrestricted shell or switch its safeguards off. */
  unrestricted: readonly { input: string; pattern: RegExp; what: string }[];
  /** The input holding Gemini CLI's JSON settings, whose tool list must be restricted. */
  toolSettings?: string;
}

/** `Bash` or `Bash(*)` as an allowed tool: any shell command, not a chosen few (`Bash(npm test)`). */
const ANY_BASH = /(?:^|[\s,"'[])Bash(?:\(\s*\*\s*\))?(?=$|[\s,"'\]])/;

/**
 * AI agent actions. The source is each action's documented inputs: claude-code-action's
 * `allowed_non_write_users`, `allowed_bots` and `claude_args`; codex-action's `allow-users`,
 * `sandbox` and `safety-strategy`; run-gemini-cli's `settings` (Gemini CLI's settings.json).
 */
export const AI_AGENT_ACTIONS: readonly AgentAction[] = [
  {
    repository: "anthropics/claude-code-action",
    allowLists: ["allowed_non_write_users", "allowed_bots"],
    prompts: ["prompt", "direct_prompt", "override_prompt", "custom_instructions"],
    unrestricted: [
      { input: "claude_args", pattern: ANY_BASH, what: "allows every Bash command" },
      {
        input: "claude_args",
        pattern: /--dangerously-skip-permissions\b/,
        what: "skips every permission check",
      },
      { input: "allowed_tools", pattern: ANY_BASH, what: "allows every Bash command" },
    ],
  },
  {
    repository: "openai/codex-action",
    allowLists: ["allow-users"],
    prompts: ["prompt"],
    unrestricted: [
      {
        input: "sandbox",
        pattern: /^\s*danger-full-access\s*$/,
        what: "turns the sandbox off (danger-full-access)",
      },
      {
        input: "safety-strategy",
        pattern: /^\s*unsafe\s*$/,
        what: "turns every safety strategy off (unsafe)",
      },
    ],
  },
  {
    repository: "google-github-actions/run-gemini-cli",
    allowLists: [],
    prompts: ["prompt"],
    unrestricted: [],
    toolSettings: "settings",
  },
  {
    repository: "google-gemini/gemini-cli-action",
    allowLists: [],
    prompts: ["prompt"],
    unrestricted: [],
    toolSettings: "settings",
  },
];

/**
 * Setup actions that download a tool at the version an input names, and whether leaving the input
 * out means `latest`. The source is each action's documented inputs (`version` of setup-trivy and
 * load-secrets-action, `terraform_version` of setup-terraform, `version` of setup-helm and
 * setup-kubectl all default to `latest`); trivy-action's default is a fixed release.
 */
export const TOOL_INSTALLER_ACTIONS: readonly {
  repository: string;
  input: string;
  defaultsToLatest: boolean;
}[] = [
  { repository: "aquasecurity/setup-trivy", input: "version", defaultsToLatest: true },
  { repository: "aquasecurity/trivy-action", input: "version", defaultsToLatest: false },
  { repository: "1password/load-secrets-action", input: "version", defaultsToLatest: true },
  { repository: "hashicorp/setup-terraform", input: "terraform_version", defaultsToLatest: true },
  { repository: "azure/setup-helm", input: "version", defaultsToLatest: true },
  { repository: "azure/setup-kubectl", input: "version", defaultsToLatest: true },
];
