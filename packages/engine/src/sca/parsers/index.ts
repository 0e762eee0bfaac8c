// Which parser reads which file: a table of formats, each recognised by its name (first match
// wins) and, for renamed copies (`yarn-v1.lock`, `Cargo.lock.orig`, `package-lock.old.json`), by
// the head of its content. `parseManifest` never throws: a parser crash becomes a per-file failure
// so the rest of the scan goes on.
import type { ParseOutcome } from "../package.ts";
import { parseBunLock, parseBunLockb } from "./bun.ts";
import { parseCargoLock } from "./cargo.ts";
import { basename, describeError, failure, type ManifestParser, type ReadSibling } from "./common.ts";
import { parseComposerLock } from "./composer.ts";
import { parseConanLock } from "./conan-lock.ts";
import { parseDenoLock } from "./deno-lock.ts";
import { parseDotnetDeps } from "./dotnet-deps.ts";
import { parseGemfileLock } from "./gemfile-lock.ts";
import { parseGoMod, parseGoSum, parseGoWork } from "./go.ts";
import { parseGradleLockfile } from "./gradle.ts";
import { parseGradleVerificationMetadata } from "./gradle-verification.ts";
import { parseCabalFreeze, parseStackLock } from "./haskell.ts";
import { parseJuliaManifest } from "./julia-manifest.ts";
import { parsePom } from "./maven.ts";
import { parseMixLock } from "./mix-lock.ts";
import { parseNpmLock } from "./npm.ts";
import { isProjectFile, parseNugetLock, parsePackagesConfig, parseProjectFile } from "./nuget.ts";
import { parseOpamLock } from "./opam-lock.ts";
import { parseOsvScannerJson } from "./osv-scanner-json.ts";
import { parsePipfileLock } from "./pipfile-lock.ts";
import { parsePnpmLock } from "./pnpm.ts";
import { parsePodfileLock } from "./podfile-lock.ts";
import { parsePubspecLock } from "./pubspec-lock.ts";
import { parsePylock } from "./pylock.ts";
import { parsePdmLock, parsePoetryLock, parseUvLock } from "./python-lock.ts";
import { parseRebarLock } from "./rebar-lock.ts";
import { parseRenvLock } from "./renv-lock.ts";
import { parseRequirements } from "./requirements.ts";
import { parseSwiftResolved } from "./swift-resolved.ts";
import { parseYarnLock } from "./yarn.ts";

export interface ManifestFormat {
  /** A short id for reports and docs, e.g. `package-lock.json`. */
  id: string;
  match(path: string): boolean;
  /**
   * Recognises the format from the first SNIFF_CHARS characters of a file whose name no format
   * matches. Anchored at the start of the text or of a line, and specific to what the format's
   * tool writes (a generated-by header, its first keys), so that no ordinary file looks like one.
   */
  sniff?: RegExp;
  /** Paths it reads (documentation, and the inputs of the routing and fuzz tests). */
  examples: string[];
  /**
   * Whether the format can record each package's licence. Whether a given file does is on its
   * packages (`Package.licensesRecorded`): package-lock.json has the field from lockfileVersion 2.
   */
  recordsLicenses?: true;
  parse: ManifestParser;
}

const named =
  (...names: string[]) =>
  (path: string): boolean =>
    names.includes(basename(path));

// Pieces of the JSON sniffs: a string value and the start of the document.
const JSON_STRING = String.raw`"(?:[^"\\\n]|\\.)*"`;
const JSON_START = String.raw`^\uFEFF?\s*\{\s*`;

export const MANIFEST_FORMATS: readonly ManifestFormat[] = [
  {
    id: "package-lock.json",
    // `.package-lock.json` is npm's hidden lockfile inside node_modules (what is installed there).
    match: named("package-lock.json", "npm-shrinkwrap.json", ".package-lock.json"),
    sniff: new RegExp(
      `${JSON_START}(?:"name"\\s*:\\s*${JSON_STRING}\\s*,\\s*)?(?:"version"\\s*:\\s*${JSON_STRING}\\s*,\\s*)?` +
        `"lockfileVersion"\\s*:\\s*[123]\\s*,\\s*"(?:requires|packages|dependencies)"\\s*:`,
    ),
    examples: ["package-lock.json", "cli/npm-shrinkwrap.json", "node_modules/.package-lock.json"],
    recordsLicenses: true,
    parse: parseNpmLock,
  },
  {
    id: "yarn.lock",
    match: named("yarn.lock"),
    // After yarn's comment header: v1's `# yarn lockfile v1`, or Berry's `__metadata:` block.
    sniff: /^(?:#[^\n]*\n){0,4}?(?:# yarn lockfile v1\r?\n|\s*__metadata:\r?\n {2}version: \d+\r?\n)/,
    examples: ["yarn.lock"],
    parse: parseYarnLock,
  },
  {
    id: "pnpm-lock.yaml",
    match: named("pnpm-lock.yaml"),
    sniff: /^\uFEFF?lockfileVersion: ['"]?\d+(?:\.\d+)?['"]?\r?\n/,
    examples: ["apps/pnpm-lock.yaml"],
    parse: parsePnpmLock,
  },
  {
    id: "bun.lock",
    match: named("bun.lock"),
    sniff:
      /^\uFEFF?(?:\s*\/\/[^\n]*\n)*\s*\{\s*"lockfileVersion"\s*:\s*[01]\s*,\s*(?:"configVersion"\s*:\s*\d+\s*,\s*)?"workspaces"\s*:/,
    examples: ["bun.lock"],
    parse: parseBunLock,
  },
  {
    // Binary: never parsed, only recognised so that it gets a reason instead of silence.
    id: "bun.lockb",
    match: named("bun.lockb"),
    examples: ["bun.lockb"],
    parse: parseBunLockb,
  },
  {
    id: "deno.lock",
    match: named("deno.lock"),
    sniff: new RegExp(
      `${JSON_START}"version"\\s*:\\s*"[2-5]"\\s*,\\s*` +
        `(?:"packages"\\s*:\\s*\\{\\s*"specifiers"|"(?:specifiers|remote|npm|jsr|workspace)"\\s*:\\s*\\{)`,
    ),
    examples: ["deno.lock", "tools/deno.lock"],
    parse: parseDenoLock,
  },
  {
    id: "requirements.txt",
    // requirements.txt, requirements-dev.txt, dev-requirements.txt, requirements/base.txt and
    // constraints files (the same syntax); pip-compile and `uv pip compile` output under any name.
    match: (path) =>
      /(?:^|\/)(?:[^/]*[-_.])?(?:requirements|constraints)(?:[-_.][^/]*)?\.txt$/i.test(path) ||
      /(?:^|\/)requirements\/[^/]+\.txt$/.test(path),
    sniff: /^#\r?\n# This file (?:is|was) autogenerated by (?:pip-compile|uv)\b/,
    examples: [
      "requirements.txt",
      "svc/requirements-dev.txt",
      "requirements/base.txt",
      "test-requirements.txt",
      "requirements_ci.txt",
      "constraints.txt",
    ],
    parse: parseRequirements,
  },
  {
    id: "poetry.lock",
    match: named("poetry.lock"),
    sniff:
      /^# This file is automatically @generated by Poetry\b|^\[\[package\]\]\r?\nname = "[^"\n]*"\r?\nversion = "[^"\n]*"\r?\ndescription = /,
    examples: ["poetry.lock"],
    parse: parsePoetryLock,
  },
  {
    id: "Pipfile.lock",
    match: named("Pipfile.lock"),
    sniff: new RegExp(`${JSON_START}"_meta"\\s*:\\s*\\{\\s*"hash"\\s*:\\s*\\{`),
    examples: ["Pipfile.lock"],
    parse: parsePipfileLock,
  },
  {
    id: "pdm.lock",
    match: named("pdm.lock"),
    sniff: /^# This file is @generated by PDM\./,
    examples: ["pdm.lock"],
    parse: parsePdmLock,
  },
  {
    id: "uv.lock",
    match: named("uv.lock"),
    sniff: /^version = 1\r?\n(?:revision = \d+\r?\n)?requires-python = "/,
    examples: ["uv.lock"],
    parse: parseUvLock,
  },
  {
    id: "pylock.toml",
    match: (path) => /^pylock\.(?:[^./]+\.)?toml$/.test(basename(path)),
    sniff: /^(?:#[^\n]*\n)*lock-version = "1\.\d+"\r?\n/,
    examples: ["pylock.toml", "svc/pylock.dev.toml"],
    parse: parsePylock,
  },
  { id: "go.mod", match: named("go.mod"), examples: ["go.mod"], parse: parseGoMod },
  { id: "go.sum", match: named("go.sum"), examples: ["tools/go.sum"], parse: parseGoSum },
  { id: "go.work", match: named("go.work"), examples: ["go.work"], parse: parseGoWork },
  {
    id: "Cargo.lock",
    match: named("Cargo.lock"),
    // Cargo has written the header since 1.36; older files start with a package whose third
    // key is never poetry's `description`.
    sniff:
      /^# This file is automatically @generated by Cargo\.\r?\n|^\[\[package\]\]\r?\nname = "[^"\n]*"\r?\nversion = "[^"\n]*"\r?\n(?:source|dependencies|checksum) = /,
    examples: ["Cargo.lock"],
    parse: parseCargoLock,
  },
  {
    id: "composer.lock",
    match: named("composer.lock"),
    sniff: new RegExp(`${JSON_START}"_readme"\\s*:\\s*\\[\\s*"This file locks the dependencies`),
    examples: ["composer.lock"],
    recordsLicenses: true,
    parse: parseComposerLock,
  },
  {
    id: "Gemfile.lock",
    match: named("Gemfile.lock", "gems.locked"),
    sniff: /^(?:GIT|PATH|GEM|PLUGIN SOURCE)\r?\n {2}remote: /,
    examples: ["Gemfile.lock", "gems.locked"],
    parse: parseGemfileLock,
  },
  { id: "pom.xml", match: named("pom.xml"), examples: ["pom.xml", "service/pom.xml"], parse: parsePom },
  {
    id: "gradle.lockfile",
    match: (path) =>
      named("gradle.lockfile", "buildscript-gradle.lockfile")(path) ||
      /(^|\/)dependency-locks\/[^/]+\.lockfile$/.test(path),
    sniff: /^# This is a Gradle generated file for dependency locking\.\r?\n/,
    examples: [
      "gradle.lockfile",
      "app/buildscript-gradle.lockfile",
      "gradle/dependency-locks/compileClasspath.lockfile",
    ],
    parse: parseGradleLockfile,
  },
  {
    id: "verification-metadata.xml",
    match: named("verification-metadata.xml"),
    sniff: /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<verification-metadata[\s>]/,
    examples: ["gradle/verification-metadata.xml"],
    parse: parseGradleVerificationMetadata,
  },
  {
    id: "packages.lock.json",
    match: named("packages.lock.json"),
    sniff: new RegExp(
      `${JSON_START}"version"\\s*:\\s*[12]\\s*,\\s*"dependencies"\\s*:\\s*\\{\\s*${JSON_STRING}\\s*:\\s*\\{\\s*` +
        `${JSON_STRING}\\s*:\\s*\\{\\s*"type"\\s*:\\s*"(?:Direct|Transitive|Project|CentralTransitive)"`,
    ),
    examples: ["src/Api/packages.lock.json"],
    parse: parseNugetLock,
  },
  {
    id: "packages.config",
    match: named("packages.config"),
    examples: ["packages.config"],
    parse: parsePackagesConfig,
  },
  {
    id: "*.csproj",
    match: isProjectFile,
    examples: ["src/Api/Api.csproj", "Lib.fsproj", "Old.vbproj"],
    parse: parseProjectFile,
  },
  {
    id: "deps.json",
    match: (path) => /\.deps\.json$/.test(basename(path)),
    sniff: new RegExp(`${JSON_START}"runtimeTarget"\\s*:\\s*\\{\\s*"name"\\s*:\\s*"\\.NET`),
    examples: ["publish/Api.deps.json"],
    parse: parseDotnetDeps,
  },
  {
    id: "pubspec.lock",
    match: named("pubspec.lock"),
    sniff: /^# Generated by pub\r?\n(?:#.*\r?\n)*packages:\r?\n/,
    examples: ["pubspec.lock", "app/pubspec.lock"],
    parse: parsePubspecLock,
  },
  {
    id: "mix.lock",
    match: named("mix.lock"),
    sniff: /^%\{\r?\n\s*"[^"\n]+":\s*\{:(?:hex|git|path),/,
    examples: ["mix.lock"],
    parse: parseMixLock,
  },
  {
    id: "conan.lock",
    match: named("conan.lock"),
    sniff: new RegExp(
      `${JSON_START}(?:"graph_lock"\\s*:\\s*\\{\\s*"nodes"\\s*:|"version"\\s*:\\s*"0\\.5"\\s*,\\s*"requires"\\s*:)`,
    ),
    examples: ["conan.lock"],
    parse: parseConanLock,
  },
  {
    id: "renv.lock",
    match: named("renv.lock"),
    sniff: new RegExp(`${JSON_START}"R"\\s*:\\s*\\{\\s*"Version"\\s*:`),
    examples: ["renv.lock"],
    parse: parseRenvLock,
  },
  {
    id: "Podfile.lock",
    match: named("Podfile.lock"),
    sniff: /^PODS:\r?\n {2}- /,
    examples: ["ios/Podfile.lock"],
    parse: parsePodfileLock,
  },
  {
    id: "Package.resolved",
    match: named("Package.resolved"),
    sniff: new RegExp(
      `${JSON_START}(?:"originHash"\\s*:\\s*${JSON_STRING}\\s*,\\s*)?(?:"object"\\s*:\\s*\\{\\s*)?"pins"\\s*:\\s*\\[`,
    ),
    examples: ["Package.resolved", "App.xcworkspace/xcshareddata/swiftpm/Package.resolved"],
    parse: parseSwiftResolved,
  },
  {
    id: "stack.yaml.lock",
    match: named("stack.yaml.lock"),
    sniff: /^# This file was autogenerated by Stack\.\r?\n/,
    examples: ["stack.yaml.lock"],
    parse: parseStackLock,
  },
  {
    id: "cabal.project.freeze",
    match: named("cabal.project.freeze"),
    sniff: /^(?:active-repositories: [^\n]*\n)?constraints: (?:any|setup)\.[\w-]+ (?:==|installed)/,
    examples: ["cabal.project.freeze"],
    parse: parseCabalFreeze,
  },
  {
    id: "rebar.lock",
    match: named("rebar.lock"),
    sniff: /^\{"1\.\d+\.\d+",\r?\n\[\{<<"|^\[\{<<"[^"\n]+">>,\{(?:pkg|git|hg),/,
    examples: ["rebar.lock", "apps/api/rebar.lock"],
    parse: parseRebarLock,
  },
  {
    id: "Manifest.toml",
    // Julia: `JuliaManifest.toml` where a project prefers it, `Manifest-v1.11.toml` per Julia version.
    match: (path) => /^(?:Julia)?Manifest(?:-v\d+\.\d+)?\.toml$/.test(basename(path)),
    sniff: /^# This file is machine-generated - editing it directly is not advised\r?\n/,
    examples: ["Manifest.toml", "docs/JuliaManifest.toml", "Manifest-v1.11.toml"],
    parse: parseJuliaManifest,
  },
  {
    id: "opam.locked",
    match: (path) => /(?:^|\.)opam\.locked$/.test(basename(path)),
    sniff: /^opam-version: "2\.\d+"\r?\n(?:[^\n]*\n){0,40}?depends: \[\r?\n\s+"[^"\n]+" \{= "/,
    examples: ["weather.opam.locked", "opam.locked"],
    parse: parseOpamLock,
  },
  {
    // osv-scanner's custom lockfile; the id is osv-scanner's `--lockfile osv-scanner:<path>` type.
    // Not sniffed: osv-scanner's own JSON reports have the same shape, and a committed report is
    // not a list of the project's dependencies.
    id: "osv-scanner",
    match: named("osv-scanner.json"),
    examples: ["osv-scanner.json"],
    parse: parseOsvScannerJson,
  },
];

/** How much of a file the content sniff reads: the formats' telltale keys are in the first lines. */
export const SNIFF_CHARS = 4096;

/**
 * Files whose content is sniffed when no format matches their name: data and lock extensions,
 * and any name mentioning a lock or requirements (`Gemfile.lock.orig`, `requirements.pinned`).
 */
export function isSniffCandidate(path: string): boolean {
  const name = basename(path).toLowerCase();
  if (/lock|requirements|constraints|freeze|\.resolved$/.test(name)) return true;
  return /\.(?:json|txt|ya?ml|toml|xml)$/.test(name);
}

/** The format of a file: by its name, else (when its text is given) by the head of its content. */
export function manifestFormatFor(path: string, text?: string): ManifestFormat | undefined {
  const byName = MANIFEST_FORMATS.find((format) => format.match(path));
  if (byName !== undefined || text === undefined || !isSniffCandidate(path)) return byName;
  const head = text.length > SNIFF_CHARS ? text.slice(0, SNIFF_CHARS) : text;
  return MANIFEST_FORMATS.find((format) => format.sniff?.test(head) === true);
}

/** A format by its id (`yarn.lock`, `requirements.txt`), case-insensitively: `--lockfile <type>:<path>`. */
export function manifestFormatById(id: string): ManifestFormat | undefined {
  const wanted = id.toLowerCase();
  return MANIFEST_FORMATS.find((format) => format.id.toLowerCase() === wanted);
}

/**
 * The packages a manifest or lockfile declares, read as `format` when given (a format the user
 * declared), else as the format its name or content shows; undefined when no parser reads it.
 */
export function parseManifest(
  path: string,
  text: string,
  readSibling?: ReadSibling,
  format: ManifestFormat | undefined = manifestFormatFor(path, text),
): ParseOutcome | undefined {
  if (format === undefined) return undefined;
  try {
    return format.parse(path, text, readSibling);
  } catch (error) {
    return failure(path, `${format.id} parser crashed: ${describeError(error)}`);
  }
}
