import { defineFileRule } from "../../../rule.ts";
import { commandMatch, isJudgeable } from "../commands.ts";
import { TOOL_INSTALLER_ACTIONS } from "../data/action-catalogue.ts";
import { actionPath, allSteps, asScalar, child, type Step, type WorkflowModel, withValue } from "../model.ts";

/** A step switched off by a constant `if: false` (such steps exist only so Dependabot tracks a pin). */
function neverRuns(step: Step): boolean {
  const condition = asScalar(child(step.node, "if"))?.text.trim() ?? "";
  return /^(?:\$\{\{\s*)?false(?:\s*\}\})?$/.test(condition);
}

/** `bash <(curl …)`, `sh -c "$(curl …)"`: anchored on their literal start, so linear. */
const SHELL_OF_DOWNLOAD =
  /\b(?:ba|z)?sh\s+(?:-c\s+)?["']?\$\(\s*(?:curl|wget)\b|\b(?:ba|z)?sh\s+<\(\s*(?:curl|wget)\b/i;
/** What a download may be piped into to run it. */
const INTERPRETER =
  /^\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+\S+=\S+\s+)*(?:(?:ba|z|da|k)?sh|python3?|node|perl|ruby)\b/i;

/**
 * `curl … | sh`, `wget -qO- … | sudo bash`, `curl … | python3 -`. Only the first download of the
 * line and the first pipe after it are looked at: one pass, whatever the line holds.
 */
export function pipesDownloadToShell(line: string): boolean {
  if (SHELL_OF_DOWNLOAD.test(line)) return true;
  const download = /\b(?:curl|wget)\b/i.exec(line);
  if (!download) return false;
  for (let i = download.index; i < line.length; i++) {
    const char = line[i];
    if (char === ";" || char === "&") return false;
    if (char !== "|") continue;
    if (line[i + 1] === "|") return false; // `||` is not a pipe
    return INTERPRETER.test(line.slice(i + 1, i + 200));
  }
  return false;
}

/** Installers of a tool by name, and how each one pins a version. */
const INSTALLERS: {
  name: string;
  command: RegExp;
  pinned: (argument: string, rest: string) => boolean;
  /** Options whose next word is a value, not a package. */
  takesValue: RegExp;
  /** Arguments that name local files or requirement files: the install is as pinned as they are. */
  local?: RegExp;
  /** Self-upgrades of the installer, too common and too harmless to report. */
  ignored?: RegExp;
}[] = [
  {
    name: "pip install",
    command: /\b(?:pip3?|python3?\s+-m\s+pip|uv\s+pip)\s+install\b/,
    pinned: (argument) => /===?|@\s*\S|\.whl$|\.tar\.gz$|\.zip$/.test(argument),
    takesValue:
      /^(?:-i|--index-url|--extra-index-url|-f|--find-links|-t|--target|--prefix|--root|--platform|--python-version|--implementation|--abi|--trusted-host|--cache-dir|--src|--progress-bar|--python|-p)$/,
    local: /^(?:-r|--requirement|-e|--editable|-c|--constraint)$|^[./~]|^\S*[/\\]/,
    ignored: /^(?:pip|setuptools|wheel)$/i,
  },
  {
    // a named package: `npm install` alone installs what the lockfile says, a name fetches it now
    // (into the workspace or, with -g, the runner) whatever the lockfile holds
    name: "npm install",
    command: /\b(?:npm\s+(?:install|i|add)\b|yarn\s+(?:global\s+)?add\b|pnpm\s+(?:add|install|i)\b)/,
    // an exact version: a range (`^1.2.3`, `~1.2`, `9`) or a tag (`latest`) moves with each release
    pinned: (argument) => /^@?[^@]+@v?\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/.test(argument),
    takesValue: /^(?:--registry|--prefix|--cache|--tag|--workspace|-w|--filter|-F|--dir|-C)$/,
    local: /^[./~]|\.tgz$/,
  },
  {
    name: "go install",
    command: /\bgo\s+install\b/,
    pinned: (argument) => /@(?!latest$|master$|main$)\S+$/.test(argument) || !argument.includes("@"),
    takesValue: /^(?:-o|-tags|-ldflags|-gcflags|-mod)$/,
    local: /^[./]/,
  },
  {
    name: "cargo install",
    command: /\bcargo\s+(?:\+\S+\s+)?install\b/,
    pinned: (argument, rest) =>
      /@\d/.test(argument) || /\s--(?:version|vers)\b|\s--(?:path|git)\b/.test(rest),
    takesValue:
      /^(?:--version|--vers|--git|--branch|--tag|--rev|--path|--root|--target|--features|-F|--registry|--index|--bin|--profile|-j|--jobs)$/,
  },
  {
    name: "gem install",
    command: /\bgem\s+(?:install|i)\b/,
    pinned: (argument, rest) => /:\d/.test(argument) || /\s(?:-v|--version)\b/.test(rest),
    takesValue: /^(?:-v|--version|-i|--install-dir|-n|--bindir|--source|-s|-P|--trust-policy|--platform)$/,
    local: /\.gem$|^[./]/,
    ignored: /^bundler$/i,
  },
];

/** The first unpinned package an install command names, or null (unknown `$VAR` names never count). */
export function unpinnedPackage(line: string): { installer: string; name: string } | null {
  for (const installer of INSTALLERS) {
    const match = commandMatch(line, installer.command);
    if (!match) continue;
    // a `${{ … }}` is one unknown word (`pino@${{ matrix.v }}`), not the words inside it
    const rest = line
      .slice(match.index + match[0].length)
      .replace(/\$\{\{[^}]*\}\}/g, "$EXPRESSION")
      .split(/\s*(?:&&|\|\||;|\||>|#)\s*/)[0]!;
    const words = rest
      .trim()
      .split(/\s+/)
      .filter((word) => word !== "");
    if (words.some((word) => installer.local?.test(word) && word.startsWith("-"))) return null;
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!.replace(/^["']|["']$/g, "");
      if (installer.takesValue.test(word)) {
        i++;
        continue;
      }
      if (word.startsWith("-") || word.includes("$") || installer.local?.test(word)) continue;
      const bare = word.replace(/\[.*\]$/, "");
      if (installer.ignored?.test(bare)) continue;
      if (!installer.pinned(word, ` ${rest}`)) return { installer: installer.name, name: word };
    }
  }
  return null;
}

export const adHocPackageInstall = defineFileRule<WorkflowModel>({
  id: "ci/ad-hoc-package-install",
  analyzer: "ci",
  title: "Step installs a tool unpinned or pipes a download into a shell",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [494, 829],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A setup action installs its tool at `latest` (setup-trivy, 1Password load-secrets-action, setup-terraform, setup-helm or setup-kubectl without a version input, or with `latest`), or a `run:` script installs a package by name without an exact version (`pip install black`, `npm install -g pnpm`, `npm install lodash@^4`, `go install x@latest`, `cargo install x`, `gem install x`) or runs a downloaded script directly (`curl … | sh`, `bash <(curl …)`).",
    whyItMatters:
      "The job runs whatever the registry or the web server returns at that moment, with the job's token and secrets: a compromised release, a hijacked package name or a tampered download runs in CI without any review, and builds stop being reproducible.",
    remediation:
      "Pin a version (`pip install black==24.10.0`, `npm install -g pnpm@9.15.0`, `go install x@v1.2.3`), preferably from a lockfile or requirements file with hashes; download scripts to a file and check their checksum before running them, or use a pinned setup action. Requirement files, local paths, lockfile installs (`npm install`, `npm ci` with no package named) and self-upgrades of pip are not flagged.",
    example:
      "- run: |\n    pip install --require-hashes -r requirements/ci.txt\n    npm install -g pnpm@9.15.0",
    references: [
      "https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions",
    ],
  },
  check(ctx) {
    for (const { step } of allSteps(ctx.model)) {
      if (neverRuns(step)) continue;
      const installer = TOOL_INSTALLER_ACTIONS.find((action) => action.repository === actionPath(step));
      if (installer && step.uses) {
        const version = withValue(step, installer.input);
        if (version?.text.trim().toLowerCase() === "latest") {
          ctx.report({
            message: `${installer.repository} installs the latest release (${installer.input}: latest)`,
            at: version,
          });
        } else if (!version && installer.defaultsToLatest) {
          ctx.report({
            message: `${installer.repository} installs the latest release: no ${installer.input} is given`,
            at: step.uses.at,
          });
        }
      }
      for (const line of step.runLines) {
        if (/^\s*#/.test(line.text) || !isJudgeable(line.text)) continue;
        if (pipesDownloadToShell(line.text)) {
          ctx.report({
            message: "a downloaded script is run without checking it",
            at: { line: line.line, column: line.column },
          });
          continue;
        }
        const found = unpinnedPackage(line.text);
        if (found) {
          ctx.report({
            message: `${found.installer} of ${found.name} without a pinned version`,
            at: { line: line.line, column: line.column },
          });
        }
      }
    }
  },
});
