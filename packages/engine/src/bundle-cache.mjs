// Where bundles of Rampart's TypeScript (bundle.ts) are kept between processes, and whether one is
// current. Plain JavaScript on purpose: the CLI's launcher asks for its bundle before any
// TypeScript loader exists.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const CACHE = join(tmpdir(), `rampart-bundles-${process.getuid?.() ?? "user"}`);

/** The folder of the bundle named `key` (what it bundles, e.g. an entry file), for this Node version. */
export function bundleFolder(key) {
  const hash = createHash("sha256").update(`${key}\0${process.version}`).digest("hex");
  return join(CACHE, hash.slice(0, 16));
}

/** The bundle's file in its folder. */
export function bundleFile(folder) {
  return join(folder, "bundle.mjs");
}

/** The stamp of a bundle: every file it was built from or imports, with its size and modification time. */
export function stampFile(folder) {
  return join(folder, "inputs.json");
}

/**
 * True when the cache and `folder` belong to this user and nobody else may write in them: a
 * bundle is code this user runs, so a folder another user controls (a cache root made in a
 * shared /tmp before us) must not hold it.
 */
export function isPrivate(folder) {
  for (const path of [CACHE, folder]) {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats?.isDirectory() || (stats.mode & 0o022) !== 0) return false;
    if (process.getuid && stats.uid !== process.getuid()) return false;
  }
  return true;
}

/**
 * The bundle in `folder` as a file URL when this user built it from the files as they are now,
 * else undefined.
 */
export function currentBundle(folder) {
  try {
    if (!isPrivate(folder)) return undefined;
    const stamp = JSON.parse(readFileSync(stampFile(folder), "utf8"));
    const fresh =
      Array.isArray(stamp) &&
      stamp.length > 0 &&
      stamp.every(([path, size, modified]) => {
        const stats = statSync(path, { throwIfNoEntry: false });
        return stats?.size === size && stats.mtimeMs === modified;
      });
    return fresh ? pathToFileURL(bundleFile(folder)) : undefined;
  } catch {
    return undefined;
  }
}
