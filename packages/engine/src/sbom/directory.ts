// The dependency inventory of a source tree: every manifest and lockfile found by walking it
// (by name, or by the head of a data or lock file's content), parsed into packages, plus the
// files the user declared as a given format. Used for SBOMs by the CLI (`rampart sbom`) and by
// the server per run.
import { closeSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import type { Package } from "../sca/package.ts";
import {
  isSniffCandidate,
  type ManifestFormat,
  manifestFormatFor,
  parseManifest,
  SNIFF_CHARS,
} from "../sca/parsers/index.ts";
import { walk } from "../walk.ts";

/** Lockfiles of large monorepos are tens of MB; the scan's 2 MB default would skip them. */
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface DirectoryInventory {
  packages: Package[];
  /** Manifests that could not be read, each with its reason. */
  skipped: string[];
}

/** A file to read as a given format whatever its name (`rampart sbom --lockfile <type>:<path>`). */
export interface DeclaredLockfile {
  absolutePath: string;
  format: ManifestFormat;
}

/** The first SNIFF_CHARS bytes of a file: enough to sniff, without reading a large JSON file whole. */
function readHead(path: string): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_CHARS);
    const count = readSync(fd, buffer, 0, SNIFF_CHARS, 0);
    return buffer.subarray(0, count).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** The format of a file on disk: by its name, else by the head of its content (data and lock files only). */
export function fileManifestFormat(absolutePath: string, path = absolutePath): ManifestFormat | undefined {
  const byName = manifestFormatFor(path);
  if (byName !== undefined || !isSniffCandidate(path)) return byName;
  return manifestFormatFor(path, readHead(absolutePath));
}

function siblingReader(folder: string): (path: string) => string | undefined {
  return (path) => {
    try {
      return readFileSync(join(folder, path), "utf8");
    } catch {
      return undefined;
    }
  };
}

/** `skip`: absolute paths not to read here (declared lockfiles, read as their declared format). */
export async function directoryPackages(
  root: string,
  options: { skip?: ReadonlySet<string> } = {},
): Promise<DirectoryInventory> {
  const { files } = await walk(root, { maxFileBytes: MAX_MANIFEST_BYTES });
  const folder = statSync(root).isDirectory() ? root : resolve(root, "..");
  const readSibling = siblingReader(folder);
  const packages: Package[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (options.skip?.has(resolve(file.absolutePath))) continue;
    const format = fileManifestFormat(file.absolutePath, file.path);
    if (format === undefined) continue;
    const outcome = parseManifest(file.path, readFileSync(file.absolutePath, "utf8"), readSibling, format);
    if (outcome === undefined) continue;
    if (outcome.ok) packages.push(...outcome.packages);
    else skipped.push(outcome.reason);
  }
  return { packages, skipped };
}

/**
 * Declared lockfiles, each read as its format. Paths in the packages are relative to `base`
 * (the working folder), so siblings (a package.json beside a yarn.lock) resolve from there.
 */
export function declaredPackages(base: string, declared: readonly DeclaredLockfile[]): DirectoryInventory {
  const readSibling = siblingReader(base);
  const packages: Package[] = [];
  const skipped: string[] = [];
  for (const { absolutePath, format } of declared) {
    const path = relative(base, absolutePath).split(sep).join("/");
    if (statSync(absolutePath).size > MAX_MANIFEST_BYTES) {
      skipped.push(`${path}: larger than ${MAX_MANIFEST_BYTES / 1024 / 1024} MB`);
      continue;
    }
    const outcome = parseManifest(path, readFileSync(absolutePath, "utf8"), readSibling, format);
    if (outcome?.ok) packages.push(...outcome.packages);
    else if (outcome) skipped.push(outcome.reason);
  }
  return { packages, skipped };
}
