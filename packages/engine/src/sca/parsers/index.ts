// Which parser reads which file: a table of formats, each recognised by its name (first match
// wins) and, for renamed copies (`yarn-v1.lock`, `Cargo.lock.orig`, `package-lock.old.json`), by
// the head of its content. `parseManifest` never throws: a parser crash becomes a per-file failure
// so the rest of the scan goes on.
import type { ParseOutcome } from "../package.ts";
import { parseBunLock, parseBunLockb } from "./bun.ts";
import { parseCargoLock } from "./cargo.ts";
import { describeError, failure, type ManifestParser, type ReadSibling } from "./common.ts";
import { parseComposerLock } from "./composer.ts";
import { parseConanLock } from "./conan-lock.ts";
import { parseDenoLock } from "./deno-lock.ts";
import { parseDotnetDeps } from "./dotnet-deps.ts";
import {
  isSniffCandidate,
  MANIFEST_FORMAT_OUTLINES,
  type ManifestFormatOutline,
  manifestFormatOutlineFor,
  SNIFF_CHARS,
} from "./formats.ts";
import { parseGemfileLock } from "./gemfile-lock.ts";
import { parseGoMod, parseGoSum, parseGoWork } from "./go.ts";
import { parseGradleLockfile } from "./gradle.ts";
import { parseGradleVerificationMetadata } from "./gradle-verification.ts";
import { parseCabalFreeze, parseStackLock } from "./haskell.ts";
import { parseJuliaManifest } from "./julia-manifest.ts";
import { parsePom } from "./maven.ts";
import { parseMixLock } from "./mix-lock.ts";
import { parseNpmLock } from "./npm.ts";
import { parseNugetLock, parsePackagesConfig, parseProjectFile } from "./nuget.ts";
import { parseOpamLock } from "./opam-lock.ts";
import { parseOsvScannerJson } from "./osv-scanner-json.ts";
import { parsePackratLock } from "./packrat-lock.ts";
import { parsePaketLock } from "./paket-lock.ts";
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

export { isSniffCandidate, SNIFF_CHARS };

export interface ManifestFormat extends ManifestFormatOutline {
  parse: ManifestParser;
}

/** The parser of each format of formats.ts, by its id; a test holds the two tables to the same ids. */
export const MANIFEST_PARSERS: Readonly<Record<string, ManifestParser>> = {
  "package-lock.json": parseNpmLock,
  "yarn.lock": parseYarnLock,
  "pnpm-lock.yaml": parsePnpmLock,
  "bun.lock": parseBunLock,
  "bun.lockb": parseBunLockb,
  "deno.lock": parseDenoLock,
  "requirements.txt": parseRequirements,
  "poetry.lock": parsePoetryLock,
  "Pipfile.lock": parsePipfileLock,
  "pdm.lock": parsePdmLock,
  "uv.lock": parseUvLock,
  "pylock.toml": parsePylock,
  "go.mod": parseGoMod,
  "go.sum": parseGoSum,
  "go.work": parseGoWork,
  "Cargo.lock": parseCargoLock,
  "composer.lock": parseComposerLock,
  "Gemfile.lock": parseGemfileLock,
  "pom.xml": parsePom,
  "gradle.lockfile": parseGradleLockfile,
  "verification-metadata.xml": parseGradleVerificationMetadata,
  "packages.lock.json": parseNugetLock,
  "packages.config": parsePackagesConfig,
  "*.csproj": parseProjectFile,
  "deps.json": parseDotnetDeps,
  "pubspec.lock": parsePubspecLock,
  "mix.lock": parseMixLock,
  "conan.lock": parseConanLock,
  "renv.lock": parseRenvLock,
  "packrat.lock": parsePackratLock,
  "paket.lock": parsePaketLock,
  "Podfile.lock": parsePodfileLock,
  "Package.resolved": parseSwiftResolved,
  "stack.yaml.lock": parseStackLock,
  "cabal.project.freeze": parseCabalFreeze,
  "rebar.lock": parseRebarLock,
  "Manifest.toml": parseJuliaManifest,
  "opam.locked": parseOpamLock,
  "osv-scanner": parseOsvScannerJson,
};

function withParser(format: ManifestFormatOutline): ManifestFormat {
  const parse = MANIFEST_PARSERS[format.id];
  if (!parse) throw new Error(`no parser for manifest format ${format.id}`);
  return { ...format, parse };
}

export const MANIFEST_FORMATS: readonly ManifestFormat[] = MANIFEST_FORMAT_OUTLINES.map(withParser);

/** The format of a file: by its name, else (when its text is given) by the head of its content. */
export function manifestFormatFor(path: string, text?: string): ManifestFormat | undefined {
  const outline = manifestFormatOutlineFor(path, text);
  return outline && MANIFEST_FORMATS.find((format) => format.id === outline.id);
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
