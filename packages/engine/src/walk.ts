// Lists the files of a scan: honours .gitignore files (nested ones too) and the config's excludes,
// skips vendored folders, symbolic links, known-binary names and files over the size limit, and
// records every skip with its reason so that nothing disappears silently.
import { type Dirent, statSync } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Ignore } from "ignore";
import type { SkippedFile } from "./analyzer.ts";
import { hasBinaryExtension } from "./classify.ts";

// Required, not imported: Node's ESM loader reads a CommonJS module's source a second time to
// find its exports (cjs-module-lexer), which for ignore's 50 kB cost every scan, an empty one
// too, about 6 ms of CPU and more of wall time than the require itself.
const ignore = createRequire(import.meta.url)("ignore") as typeof import("ignore");

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;

/** A file's size in bytes, or -1 when it cannot be read. */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}

/** Folders that hold other people's code or tool state, never the repository's own configuration. */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  "node_modules",
  "bower_components",
  "vendor",
  "third_party",
  ".terraform",
  ".venv",
  "__pycache__",
]);

export interface WalkOptions {
  /** Files larger than this are skipped with a reason. Default 2 MB. */
  maxFileBytes?: number;
  /** gitignore-style patterns relative to the root (from `.rampart.yaml`). */
  exclude?: readonly string[];
  /** Honour `.gitignore` files. Default true. */
  gitignore?: boolean;
  /** Called with the number of files found so far and their bytes, after each folder. */
  onFolder?: (filesFound: number, bytesFound: number) => void;
}

export interface WalkedFile {
  /** Relative to the root, forward slashes. */
  path: string;
  absolutePath: string;
  size: number;
}

export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
}

interface Matcher {
  /** Folder of the .gitignore, relative to the root, "" or ending with "/". */
  base: string;
  rules: Ignore;
}

/** gitignore semantics: the deepest matching rule wins, and a `!pattern` can re-include. */
function isIgnored(matchers: readonly Matcher[], path: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const matcher of matchers) {
    if (!path.startsWith(matcher.base)) continue;
    const relativePath = path.slice(matcher.base.length) + (isDirectory ? "/" : "");
    if (relativePath === "" || relativePath === "/") continue;
    const result = matcher.rules.test(relativePath);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

async function readGitignore(dir: string, base: string): Promise<Matcher | undefined> {
  try {
    const text = await readFile(join(dir, ".gitignore"), "utf8");
    return { base, rules: ignore().add(text) };
  } catch {
    return undefined; // no .gitignore here, or unreadable: nothing to honour
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export async function walk(root: string, options: WalkOptions = {}): Promise<WalkResult> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const useGitignore = options.gitignore ?? true;
  const excludes =
    options.exclude && options.exclude.length > 0 ? ignore().add([...options.exclude]) : undefined;
  const result: WalkResult = { files: [], skipped: [] };

  const rootStat = await stat(root);
  if (rootStat.isFile()) {
    // Scanning one file: its path is its name, and no ignore file applies.
    const name = root.split(/[\\/]/).pop()!;
    if (rootStat.size > maxFileBytes) {
      result.skipped.push({ path: name, reason: `larger than the ${formatBytes(maxFileBytes)} limit` });
    } else {
      // Named on the command line, a link to a file is followed here, once: the reader does not.
      result.files.push({ path: name, absolutePath: await realpath(root), size: rootStat.size });
    }
    return result;
  }

  let bytesFound = 0;
  const visit = async (dir: string, relativeDir: string, matchers: readonly Matcher[]): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      result.skipped.push({
        path: relativeDir || ".",
        reason: `unreadable folder: ${(error as Error).message}`,
      });
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let here = matchers;
    if (useGitignore && entries.some((entry) => entry.name === ".gitignore" && entry.isFile())) {
      const matcher = await readGitignore(dir, relativeDir);
      if (matcher) here = [...matchers, matcher];
    }

    const files: { entry: Dirent; path: string }[] = [];
    const folders: { entry: Dirent; path: string }[] = [];
    for (const entry of entries) {
      const path = relativeDir + entry.name;
      if (entry.isSymbolicLink()) {
        result.skipped.push({ path, reason: "symbolic link (not followed)" });
        continue;
      }
      const isDirectory = entry.isDirectory();
      if (isDirectory && SKIPPED_DIRECTORIES.has(entry.name)) continue; // vendored or tool state: not ours to report
      if (isIgnored(here, path, isDirectory)) continue;
      if (excludes?.ignores(path + (isDirectory ? "/" : ""))) continue;
      if (isDirectory) folders.push({ entry, path });
      else if (entry.isFile()) {
        if (hasBinaryExtension(entry.name))
          result.skipped.push({ path, reason: "binary file (by extension)" });
        else files.push({ entry, path });
      }
    }

    // A synchronous stat costs a few microseconds; a promise one queues on the thread pool and cost
    // most of a 10,000-file walk. The event loop still turns at every folder's readdir.
    for (const { entry, path } of files) {
      const absolutePath = join(dir, entry.name);
      const size = sizeOf(absolutePath);
      if (size < 0) result.skipped.push({ path, reason: "unreadable file" });
      else if (size > maxFileBytes) {
        result.skipped.push({
          path,
          reason: `larger than the ${formatBytes(maxFileBytes)} limit (${formatBytes(size)})`,
        });
      } else {
        result.files.push({ path, absolutePath, size });
        bytesFound += size;
      }
    }

    options.onFolder?.(result.files.length, bytesFound);
    for (const { entry, path } of folders) await visit(join(dir, entry.name), `${path}/`, here);
  };

  await visit(root, "", []);
  return result;
}
