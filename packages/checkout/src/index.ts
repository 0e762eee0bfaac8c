// Gets a repository at a commit as a workspace the engine can read: a shallow clone of a git URL,
// a clone of a local git repository, or a plain local directory read in place. The caller
// removes the workspace with `dispose()`.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { git } from "./git.ts";

export type Source = { kind: "git"; url: string } | { kind: "local"; path: string };

export interface Workspace {
  root: string;
  /** The commit scanned; for a directory that is not a git repository, a digest of its path. */
  commitSha: string;
  /** The commit time, when the source is a git repository. */
  committedAt?: Date;
  dispose(): void;
}

export type CheckoutResult = { ok: true; workspace: Workspace } | { ok: false; error: string };

/** Accepts https://, ssh://, git:// and file:// URLs and scp-like `git@host:owner/repo.git`. */
export function isGitUrl(location: string): boolean {
  return /^(https?|ssh|git|file):\/\//.test(location) || /^[\w.-]+@[\w.-]+:[\w./~-]+$/.test(location);
}

/** `https://github.com/acme/api.git` → `acme/api`; a local path → its last two segments. */
export function repositoryNameOf(location: string): string {
  const trimmed = location.replace(/\/+$/, "").replace(/\.git$/, "");
  const parts = trimmed.split(/[/:]/).filter(Boolean);
  return parts.slice(-2).join("/") || trimmed;
}

export async function checkout(
  source: Source,
  options: { ref?: string; timeoutMs?: number } = {},
): Promise<CheckoutResult> {
  if (source.kind === "local") {
    if (!path.isAbsolute(source.path)) return { ok: false, error: `not an absolute path: ${source.path}` };
    if (!existsSync(source.path) || !statSync(source.path).isDirectory()) {
      return { ok: false, error: `no such directory: ${source.path}` };
    }
    const inside = await git(["rev-parse", "--show-toplevel"], { cwd: source.path });
    if (!inside.ok || path.resolve(inside.stdout) !== path.resolve(source.path)) {
      // Not the root of a git repository: read the directory as it is.
      const commitSha = createHash("sha256").update(path.resolve(source.path)).digest("hex").slice(0, 40);
      return { ok: true, workspace: { root: source.path, commitSha, dispose: () => {} } };
    }
    return cloneAt(`file://${path.resolve(source.path)}`, options);
  }
  return cloneAt(source.url, options);
}

async function cloneAt(url: string, options: { ref?: string; timeoutMs?: number }): Promise<CheckoutResult> {
  const root = mkdtempSync(path.join(tmpdir(), "rampart-checkout-"));
  const dispose = () => rmSync(root, { recursive: true, force: true });
  const timeoutMs = options.timeoutMs;
  const steps: string[][] = [
    ["init", "--quiet"],
    ["remote", "add", "origin", url],
  ];
  // A full SHA is fetched directly; a branch or tag, or nothing (the default branch), by name.
  const ref = options.ref ?? "HEAD";
  steps.push(["fetch", "--quiet", "--depth", "1", "--no-tags", "origin", ref]);
  steps.push(["checkout", "--quiet", "--detach", "FETCH_HEAD"]);
  for (const args of steps) {
    const result = await git(args, { cwd: root, timeoutMs });
    if (!result.ok) {
      dispose();
      return { ok: false, error: `git ${args[0]}: ${result.error}` };
    }
  }
  const head = await git(["log", "-1", "--format=%H %cI"], { cwd: root });
  if (!head.ok) {
    dispose();
    return { ok: false, error: `git log: ${head.error}` };
  }
  const [commitSha, committedAt] = head.stdout.split(" ");
  rmSync(path.join(root, ".git"), { recursive: true, force: true }); // the engine reads files, not history
  return {
    ok: true,
    workspace: { root, commitSha: commitSha!, committedAt: new Date(committedAt!), dispose },
  };
}
