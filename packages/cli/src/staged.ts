// `rampart scan --staged`: the files staged in git's index (what the next commit holds, not the
// working tree), copied into a temporary folder so that the ordinary scan reads them. For
// pre-commit hooks: git's own environment (GIT_DIR, GIT_INDEX_FILE) is honoured.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { UsageError } from "./io.ts";

/** More staged files than this is not a commit a pre-commit hook should scan file by file. */
export const MAX_STAGED_FILES = 10_000;
/** Bounds git's listings (paths, sizes); blob contents are bounded by the size limit per file. */
const MAX_LISTING_BYTES = 16 * 1024 * 1024;
const GIT_TIMEOUT_MS = 60_000;

/** Regular files only: symbolic links, submodules (gitlinks) and the like hold no text to scan. */
const REGULAR_MODES = new Set(["100644", "100755"]);

export interface StagedEntry {
  path: string;
  blob: string;
}

export interface StagedTree {
  /** The repository's top level: where the report says the files are. */
  repositoryRoot: string;
  /** The temporary folder holding the staged contents, at their repository-relative paths. */
  folder: string;
  files: number;
  /** Staged files not copied, with the reason (too large, not a regular file). */
  skipped: { path: string; reason: string }[];
  remove(): void;
}

type GitResult = { ok: true; stdout: Buffer } | { ok: false };

/** Runs git with a bounded output and time; a failure is a value (git's own text is not shown). */
function git(cwd: string, args: readonly string[], maxBytes: number, input = ""): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = spawn("git", ["-c", "core.quotepath=off", ...args], {
      cwd,
      stdio: ["pipe", "pipe", "ignore"],
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: GitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      child.kill();
      finish({ ok: false });
    }, GIT_TIMEOUT_MS);
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        child.kill();
        finish({ ok: false });
        return;
      }
      chunks.push(chunk);
    });
    child.on("error", () => finish({ ok: false }));
    child.on("close", (code) =>
      finish(code === 0 ? { ok: true, stdout: Buffer.concat(chunks) } : { ok: false }),
    );
    child.stdin.on("error", () => {}); // git may exit before reading everything; close reports it
    child.stdin.end(input);
  });
}

/**
 * Parses `git diff --cached --raw -z --no-abbrev --diff-filter=ACMR`: `:<old mode> <new mode>
 * <old id> <new id> <status>\0<path>\0`, with a second path (the new one) for copies and renames.
 * Returns the staged side of each entry, and the entries that are not regular files.
 */
export function parseStagedRaw(output: string): { entries: StagedEntry[]; other: string[] } {
  const fields = output.split("\0");
  const entries: StagedEntry[] = [];
  const other: string[] = [];
  let index = 0;
  while (index < fields.length) {
    const header = fields[index];
    if (header === undefined || !header.startsWith(":")) break;
    const [, newMode, , newId, status] = header.slice(1).split(" ");
    const twoPaths = status?.startsWith("R") || status?.startsWith("C");
    const path = fields[index + (twoPaths ? 2 : 1)];
    index += twoPaths ? 3 : 2;
    if (path === undefined || newId === undefined) break;
    if (REGULAR_MODES.has(newMode ?? "")) entries.push({ path, blob: newId });
    else other.push(path);
  }
  return { entries, other };
}

/** `git cat-file --batch-check` output: blob id → size. */
function parseSizes(output: string): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const line of output.split("\n")) {
    const [id, type, size] = line.split(" ");
    if (id && type === "blob" && size !== undefined) sizes.set(id, Number(size));
  }
  return sizes;
}

/** `git cat-file --batch` output: `<id> blob <size>\n<contents>\n` per blob, in the order asked. */
function parseBlobs(output: Buffer): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let offset = 0;
  while (offset < output.length) {
    const end = output.indexOf(10, offset);
    if (end < 0) break;
    const [id, type, size] = output.subarray(offset, end).toString().split(" ");
    offset = end + 1;
    if (type !== "blob" || id === undefined) continue; // "<id> missing"
    const length = Number(size);
    blobs.set(id, output.subarray(offset, offset + length));
    offset += length + 1;
  }
  return blobs;
}

/** True when `path` (repository-relative, forward slashes) lies inside `scope` ("" is everything). */
function inScope(path: string, scope: string): boolean {
  return scope === "" || path === scope || path.startsWith(`${scope}/`);
}

/**
 * Copies the staged files under `scanPath` into a temporary folder. Throws a UsageError outside a
 * git repository, when git cannot list the index, or with more than MAX_STAGED_FILES files.
 */
export async function stageTree(scanPath: string, maxFileBytes: number): Promise<StagedTree> {
  const top = await git(scanPath, ["rev-parse", "--show-toplevel"], 64 * 1024);
  if (!top.ok) throw new UsageError("--staged: not inside a git repository");
  const repositoryRoot = top.stdout.toString().trim();
  const scope = relative(repositoryRoot, scanPath).split(sep).join("/");
  const diff = await git(
    repositoryRoot,
    ["diff", "--cached", "--raw", "-z", "--no-abbrev", "--diff-filter=ACMR"],
    MAX_LISTING_BYTES,
  );
  if (!diff.ok) throw new UsageError("--staged: cannot list the staged files (is there an index?)");
  const parsed = parseStagedRaw(diff.stdout.toString());
  const entries = parsed.entries.filter((entry) => inScope(entry.path, scope));
  if (entries.length > MAX_STAGED_FILES)
    throw new UsageError(
      `--staged: ${entries.length} files staged, more than the ${MAX_STAGED_FILES} a scan takes`,
    );
  const skipped = parsed.other
    .filter((path) => inScope(path, scope))
    .map((path) => ({ path, reason: "staged as a symbolic link or submodule, not a file" }));

  const ids = [...new Set(entries.map((entry) => entry.blob))];
  const checked =
    ids.length === 0
      ? undefined
      : await git(repositoryRoot, ["cat-file", "--batch-check"], MAX_LISTING_BYTES, `${ids.join("\n")}\n`);
  if (checked && !checked.ok) throw new UsageError("--staged: cannot read the staged files");
  const sizes = parseSizes(checked?.stdout.toString() ?? "");
  const wanted = ids.filter((id) => (sizes.get(id) ?? Number.POSITIVE_INFINITY) <= maxFileBytes);
  const budget = wanted.reduce((sum, id) => sum + (sizes.get(id) ?? 0) + 64, 0);
  const read =
    wanted.length === 0
      ? undefined
      : await git(repositoryRoot, ["cat-file", "--batch"], budget + 1024, `${wanted.join("\n")}\n`);
  if (read && !read.ok) throw new UsageError("--staged: cannot read the staged files");
  const blobs = parseBlobs(read?.stdout ?? Buffer.alloc(0));

  const folder = mkdtempSync(join(tmpdir(), "rampart-staged-"));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  let files = 0;
  try {
    for (const entry of entries) {
      const contents = blobs.get(entry.blob);
      if (contents === undefined) {
        skipped.push({ path: entry.path, reason: "larger than the size limit" });
        continue;
      }
      // git never stages a path with `..` or an absolute path; checked anyway, as input from disk.
      const target = join(folder, entry.path);
      if (relative(folder, target).startsWith("..")) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, contents);
      files++;
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { repositoryRoot, folder, files, skipped, remove };
}
