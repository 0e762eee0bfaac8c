// Which parser reads which file: a table of (name test, parser), first match wins. `parseManifest`
// never throws: a parser crash becomes a per-file failure so the rest of the scan goes on.
import type { ParseOutcome } from "../package.ts";
import { parseBunLock } from "./bun.ts";
import { parseCargoLock } from "./cargo.ts";
import { basename, describeError, failure, type ManifestParser, type ReadSibling } from "./common.ts";
import { parseComposerLock } from "./composer.ts";
import { parseGemfileLock } from "./gemfile-lock.ts";
import { parseGoMod, parseGoSum } from "./go.ts";
import { parseGradleLockfile } from "./gradle.ts";
import { parsePom } from "./maven.ts";
import { parseNpmLock } from "./npm.ts";
import { isProjectFile, parseNugetLock, parsePackagesConfig, parseProjectFile } from "./nuget.ts";
import { parsePipfileLock } from "./pipfile-lock.ts";
import { parsePnpmLock } from "./pnpm.ts";
import { parsePdmLock, parsePoetryLock, parseUvLock } from "./python-lock.ts";
import { parseRequirements } from "./requirements.ts";
import { parseYarnLock } from "./yarn.ts";

export interface ManifestFormat {
  /** A short id for reports and docs, e.g. `package-lock.json`. */
  id: string;
  match(path: string): boolean;
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

export const MANIFEST_FORMATS: readonly ManifestFormat[] = [
  {
    id: "package-lock.json",
    match: named("package-lock.json", "npm-shrinkwrap.json"),
    examples: ["package-lock.json", "cli/npm-shrinkwrap.json"],
    recordsLicenses: true,
    parse: parseNpmLock,
  },
  { id: "yarn.lock", match: named("yarn.lock"), examples: ["yarn.lock"], parse: parseYarnLock },
  {
    id: "pnpm-lock.yaml",
    match: named("pnpm-lock.yaml"),
    examples: ["apps/pnpm-lock.yaml"],
    parse: parsePnpmLock,
  },
  { id: "bun.lock", match: named("bun.lock"), examples: ["bun.lock"], parse: parseBunLock },
  {
    id: "requirements.txt",
    match: (path) => /(^|\/)requirements[^/]*\.txt$|(^|\/)requirements\/[^/]+\.txt$/.test(path),
    examples: ["requirements.txt", "svc/requirements-dev.txt", "requirements/base.txt"],
    parse: parseRequirements,
  },
  { id: "poetry.lock", match: named("poetry.lock"), examples: ["poetry.lock"], parse: parsePoetryLock },
  { id: "Pipfile.lock", match: named("Pipfile.lock"), examples: ["Pipfile.lock"], parse: parsePipfileLock },
  { id: "pdm.lock", match: named("pdm.lock"), examples: ["pdm.lock"], parse: parsePdmLock },
  { id: "uv.lock", match: named("uv.lock"), examples: ["uv.lock"], parse: parseUvLock },
  { id: "go.mod", match: named("go.mod"), examples: ["go.mod"], parse: parseGoMod },
  { id: "go.sum", match: named("go.sum"), examples: ["tools/go.sum"], parse: parseGoSum },
  { id: "Cargo.lock", match: named("Cargo.lock"), examples: ["Cargo.lock"], parse: parseCargoLock },
  {
    id: "composer.lock",
    match: named("composer.lock"),
    examples: ["composer.lock"],
    recordsLicenses: true,
    parse: parseComposerLock,
  },
  {
    id: "Gemfile.lock",
    match: named("Gemfile.lock", "gems.locked"),
    examples: ["Gemfile.lock", "gems.locked"],
    parse: parseGemfileLock,
  },
  { id: "pom.xml", match: named("pom.xml"), examples: ["pom.xml", "service/pom.xml"], parse: parsePom },
  {
    id: "gradle.lockfile",
    match: (path) =>
      named("gradle.lockfile", "buildscript-gradle.lockfile")(path) ||
      /(^|\/)dependency-locks\/[^/]+\.lockfile$/.test(path),
    examples: [
      "gradle.lockfile",
      "app/buildscript-gradle.lockfile",
      "gradle/dependency-locks/compileClasspath.lockfile",
    ],
    parse: parseGradleLockfile,
  },
  {
    id: "packages.lock.json",
    match: named("packages.lock.json"),
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
];

export function manifestFormatFor(path: string): ManifestFormat | undefined {
  return MANIFEST_FORMATS.find((format) => format.match(path));
}

/** The packages a manifest or lockfile declares; undefined when no parser reads this file name. */
export function parseManifest(
  path: string,
  text: string,
  readSibling?: ReadSibling,
): ParseOutcome | undefined {
  const format = manifestFormatFor(path);
  if (format === undefined) return undefined;
  try {
    return format.parse(path, text, readSibling);
  } catch (error) {
    return failure(path, `${format.id} parser crashed: ${describeError(error)}`);
  }
}
