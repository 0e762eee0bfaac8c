// The local code host's pull requests: one bare "fix remote" git repository per repository under
// the data directory, where each fix is a branch with one commit on top of the scanned commit.
// The commit is built with plumbing (a temporary index, hash-object, write-tree, commit-tree), so
// no working tree is ever written, least of all the user's own working copy.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Credential,
  credentialConfig,
  type FetchTarget,
  type GitProtocol,
  gitEnvironment,
} from "@rampart/checkout";

/** A file's content after the change; null deletes the file. */
export interface FileChange {
  path: string;
  content: string | null;
}

/** Where the scanned commits are fetched from: a target the network policy has checked. */
export interface FixSource {
  source: FetchTarget;
  credential?: Credential | undefined;
}

export interface FixCommit extends FixSource {
  baseCommit: string;
  branchName: string;
  message: string;
  changes: readonly FileChange[];
  /** Whether the branch may exist already (an open pull request updated); otherwise git refuses. */
  replace?: boolean;
  /** Author and committer; the committed-at time is `at`. */
  author: { name: string; email: string };
  at: Date;
}

const TIMEOUT_MS = 120_000;

export class FixRemoteError extends Error {
  /** `safe`: the message names no server path or git output and may be shown to the user. */
  constructor(
    message: string,
    readonly safe = false,
  ) {
    super(message);
  }
}

function run(
  args: readonly string[],
  options: {
    cwd: string;
    input?: string;
    env?: Record<string, string>;
    /** Only fetches talk to another repository; every other command may use no protocol. */
    protocols?: readonly GitProtocol[];
    config?: Record<string, string>;
  },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      args,
      {
        cwd: options.cwd,
        timeout: TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...gitEnvironment(options.protocols ?? [], options.config), ...options.env },
      },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout.trim());
        // Kept for the server's log only: the user is told in words of ours (safe = false).
        const detail = (stderr || error.message).trim().split("\n").filter(Boolean).at(-1) ?? "git failed";
        reject(new FixRemoteError(`git ${args[0]}: ${detail}`));
      },
    );
    // A command that reads no input may exit before its stdin closes; that EPIPE is not an error,
    // and a real failure shows in the exit status above.
    child.stdin?.on("error", () => {});
    if (options.input === undefined) child.stdin?.end();
    else child.stdin?.end(options.input);
  });
}

function fetchFrom(remoteDir: string, from: FixSource, extra: readonly string[], commit: string) {
  if (!/^[0-9a-f]{4,64}$/i.test(commit)) throw new FixRemoteError(`not a commit: ${commit}`);
  return run(["fetch", "--quiet", "--no-tags", ...extra, "--end-of-options", from.source.url, commit], {
    cwd: remoteDir,
    protocols: [from.source.protocol],
    config: { ...from.source.config, ...credentialConfig(from.source, from.credential) },
  });
}

/** The bare repository that receives the fix branches of one repository. */
export function fixRemotePath(fixRemotesDir: string, repositoryId: string): string {
  return path.join(fixRemotesDir, `${repositoryId}.git`);
}

async function ensureBareRepository(dir: string) {
  if (existsSync(path.join(dir, "HEAD"))) return;
  mkdirSync(dir, { recursive: true });
  await run(["init", "--bare", "--quiet", dir], { cwd: dir });
}

async function hasCommit(dir: string, sha: string): Promise<boolean> {
  try {
    await run(["cat-file", "-e", `${sha}^{commit}`], { cwd: dir });
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates `branchName` in the fix remote at `remoteDir` with one commit applying `changes` to
 * `baseCommit`, and returns the new commit. Refuses to move a branch that already exists.
 */
export async function commitFixBranch(remoteDir: string, fix: FixCommit): Promise<string> {
  if (fix.changes.length === 0) throw new FixRemoteError("a fix needs at least one changed file");
  await run(["check-ref-format", `refs/heads/${fix.branchName}`], { cwd: tmpdir() }).catch(() => {
    throw new FixRemoteError(`not a valid branch name: ${fix.branchName}`);
  });
  await ensureBareRepository(remoteDir);
  if (!(await hasCommit(remoteDir, fix.baseCommit))) {
    // Only the base commit's tree is needed: the branch's parent is that commit.
    await fetchFrom(remoteDir, fix, ["--depth", "1"], fix.baseCommit);
  }

  const scratch = mkdtempSync(path.join(tmpdir(), "rampart-fix-index-"));
  const env = { GIT_INDEX_FILE: path.join(scratch, "index") };
  try {
    await run(["read-tree", fix.baseCommit], { cwd: remoteDir, env });
    for (const change of fix.changes) {
      if (change.content === null) {
        // Mode 0 removes the path; --force-remove would want a work tree, which a bare repository lacks.
        await run(["update-index", "--index-info"], {
          cwd: remoteDir,
          env,
          input: `0 ${"0".repeat(40)}\t${change.path}\n`,
        });
        continue;
      }
      const blob = await run(["hash-object", "-w", "--stdin", `--path=${change.path}`], {
        cwd: remoteDir,
        input: change.content,
      });
      // Keep an executable file executable.
      const existing = await run(["ls-tree", fix.baseCommit, "--", change.path], { cwd: remoteDir });
      const mode = existing.startsWith("100755") ? "100755" : "100644";
      await run(["update-index", "--add", "--cacheinfo", `${mode},${blob},${change.path}`], {
        cwd: remoteDir,
        env,
      });
    }
    const tree = await run(["write-tree"], { cwd: remoteDir, env });
    const date = fix.at.toISOString();
    const commit = await run(["commit-tree", tree, "-p", fix.baseCommit, "-F", "-"], {
      cwd: remoteDir,
      input: fix.message,
      env: {
        GIT_AUTHOR_NAME: fix.author.name,
        GIT_AUTHOR_EMAIL: fix.author.email,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_NAME: fix.author.name,
        GIT_COMMITTER_EMAIL: fix.author.email,
        GIT_COMMITTER_DATE: date,
      },
    });
    // The empty old value makes git refuse when the branch already exists.
    await run(["update-ref", `refs/heads/${fix.branchName}`, commit, ...(fix.replace ? [] : [""])], {
      cwd: remoteDir,
    });
    return commit;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Pushes a fix branch from the fix remote to the code host's repository (`to`), or deletes it
 * there when `commit` is null. `expected` is what the branch must hold on the host for the push
 * to go through: null, that it does not exist; a commit, that nobody pushed to it since Rampart
 * did (a lease, so a person's commits on the branch are never overwritten); undefined, anything.
 */
export async function pushFixBranch(
  remoteDir: string,
  to: FixSource,
  push: { branchName: string; commit: string | null; expected: string | null | undefined },
): Promise<void> {
  if (push.commit !== null && !/^[0-9a-f]{40,64}$/.test(push.commit))
    throw new FixRemoteError(`not a commit: ${push.commit}`);
  const ref = `refs/heads/${push.branchName}`;
  const lease = push.expected === undefined ? [] : [`--force-with-lease=${ref}:${push.expected ?? ""}`];
  try {
    await run(
      [
        "push",
        "--quiet",
        "--no-verify",
        ...lease,
        "--end-of-options",
        to.source.url,
        `${push.commit ?? ""}:${ref}`,
      ],
      {
        cwd: remoteDir,
        protocols: [to.source.protocol],
        config: { ...to.source.config, ...credentialConfig(to.source, to.credential) },
      },
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (/failed to push some refs|stale info|rejected/i.test(detail))
      throw new FixRemoteError(
        `The branch ${push.branchName} on the code host has changed since Rampart pushed it (someone else pushed to it), so it was left as it is`,
        true,
      );
    throw error;
  }
}

/** Removes a branch again, when the pull request that needed it could not be recorded. */
export async function deleteFixBranch(remoteDir: string, branchName: string): Promise<void> {
  await run(["update-ref", "-d", `refs/heads/${branchName}`], { cwd: remoteDir }).catch(() => {});
}

/**
 * Whether `headSha` (a fix branch's commit) is in the history of `commit` (a commit scanned
 * since), i.e. the fix was merged. `commit` and its history are fetched from the source into the
 * fix remote as far as needed. A squash or rebase merge leaves no such trace and reads as not merged.
 */
export async function containsCommit(
  remoteDir: string,
  from: FixSource,
  headSha: string,
  commit: string,
): Promise<boolean> {
  if (!existsSync(path.join(remoteDir, "HEAD"))) return false;
  if (!(await hasCommit(remoteDir, commit))) {
    await fetchFrom(remoteDir, from, [], commit);
  }
  try {
    await run(["merge-base", "--is-ancestor", headSha, commit], { cwd: remoteDir });
    return true;
  } catch {
    return false; // exit status 1: not an ancestor
  }
}
