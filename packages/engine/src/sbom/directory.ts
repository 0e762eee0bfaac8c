// The dependency inventory of a source tree: every manifest and lockfile found by walking it,
// parsed into packages. Used for SBOMs by the CLI (`rampart sbom`) and by the server per run.
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Package } from "../sca/package.ts";
import { manifestFormatFor, parseManifest } from "../sca/parsers/index.ts";
import { walk } from "../walk.ts";

/** Lockfiles of large monorepos are tens of MB; the scan's 2 MB default would skip them. */
export const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export interface DirectoryInventory {
  packages: Package[];
  /** Manifests that could not be read, each with its reason. */
  skipped: string[];
}

export async function directoryPackages(root: string): Promise<DirectoryInventory> {
  const { files } = await walk(root, { maxFileBytes: MAX_MANIFEST_BYTES });
  const folder = statSync(root).isDirectory() ? root : resolve(root, "..");
  const readSibling = (path: string): string | undefined => {
    try {
      return readFileSync(join(folder, path), "utf8");
    } catch {
      return undefined;
    }
  };
  const packages: Package[] = [];
  const skipped: string[] = [];
  for (const file of files) {
    if (manifestFormatFor(file.path) === undefined) continue;
    const outcome = parseManifest(file.path, readFileSync(file.absolutePath, "utf8"), readSibling);
    if (outcome === undefined) continue;
    if (outcome.ok) packages.push(...outcome.packages);
    else skipped.push(outcome.reason);
  }
  return { packages, skipped };
}
