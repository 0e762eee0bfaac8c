// Gets a repository at a commit as a workspace the engine can read: a shallow clone of a git URL
// (checked against the network policy and pinned to the checked address), a clone of a local git
// repository, or a plain local directory read in place. Clones are bounded in time, size and
// file count. The caller removes the workspace with `dispose()`.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { classifyGitError, type FetchFailure, fetchFailure } from "./fetch-failure.ts";
import { git } from "./git.ts";
import { type FetchTarget, type NetworkPolicy, resolveFetchTarget } from "./network-policy.ts";

export { type FetchFailure, type FetchFailureReason, fetchFailure } from "./fetch-failure.ts";
export { gitEnvironment } from "./git.ts";
export type { GitProtocol } from "./git-location.ts";
export { isGitUrl, parseGitLocation, repositoryNameOf } from "./git-location.ts";
export { localRepositoryName } from "./local-repository-name.ts";
export {
  addressProblem,
  createNetworkPolicy,
  DEFAULT_PROTOCOLS,
  type FetchTarget,
  type Lookup,
  type NetworkPolicy,
  type NetworkProtocol,
  pathInsideRoots,
  resolveFetchTarget,
  withTimeout,
} from "./network-policy.ts";

export type Source = { kind: "git"; url: string } | { kind: "local"; path: string };

export interface Workspace {
  root: string;
  /** The commit scanned; for a directory that is not a git repository, a digest of its path. */
  commitSha: string;
  /** The commit time, when the source is a git repository. */
  committedAt?: Date;
  dispose(): void;
}

export type CheckoutResult = { ok: true; workspace: Workspace } | FetchFailure;

export interface CheckoutLimits {
  /** The whole checkout: resolving, fetching, listing and writing the files. */
  timeoutMs: number;
  /** Bytes fetched, and bytes of the files checked out. */
  maxBytes: number;
  maxFiles: number;
}

export const DEFAULT_LIMITS: CheckoutLimits = {
  timeoutMs: 300_000,
  maxBytes: 500 * 1024 * 1024,
  maxFiles: 50_000,
};

export interface CheckoutOptions {
  /** A commit, branch or tag; the default branch when absent. */
  ref?: string;
  limits?: Partial<CheckoutLimits>;
  /** Required for git sources: where the server may fetch from. */
  policy?: NetworkPolicy;
  /** An access token for an http(s) repository, sent as HTTP Basic authentication. */
  credential?: Credential;
}

export interface Credential {
  username?: string;
  token: string;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export async function checkout(source: Source, options: CheckoutOptions = {}): Promise<CheckoutResult> {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const ref = options.ref ?? "HEAD";
  // A ref that looks like an option would be read as one by git.
  if (!/^[\w./@^~{}-]{1,255}$/.test(ref) || ref.startsWith("-")) {
    return fetchFailure("not_found", "not a valid branch, tag or commit");
  }
  if (source.kind === "local") {
    if (!path.isAbsolute(source.path) || !existsSync(source.path) || !statSync(source.path).isDirectory()) {
      return fetchFailure("not_found", "no such directory on this server");
    }
    const inside = await git(["rev-parse", "--show-toplevel"], { cwd: source.path });
    if (!inside.ok || path.resolve(inside.stdout) !== path.resolve(source.path)) {
      // Not the root of a git repository: read the directory as it is.
      const commitSha = createHash("sha256").update(path.resolve(source.path)).digest("hex").slice(0, 40);
      return { ok: true, workspace: { root: source.path, commitSha, dispose: () => {} } };
    }
    const target = { protocol: "file", url: `file://${path.resolve(source.path)}`, config: {} } as const;
    return cloneAt(target, ref, limits, options.credential);
  }
  if (!options.policy) throw new Error("checkout of a git URL needs a network policy");
  const deadline = Date.now() + limits.timeoutMs;
  const resolved = await resolveFetchTarget(source.url, options.policy);
  if (!resolved.ok) {
    return resolved.kind === "refused"
      ? fetchFailure("refused_by_policy", resolved.problem)
      : fetchFailure("unreachable");
  }
  return cloneAt(resolved.target, ref, { ...limits, timeoutMs: deadline - Date.now() }, options.credential);
}

/** Basic authentication for http(s) in an extra header: never in the URL or on the command line. */
export function credentialConfig(
  target: FetchTarget,
  credential: Credential | undefined,
): Record<string, string> {
  if (!credential || (target.protocol !== "https" && target.protocol !== "http")) return {};
  const basic = Buffer.from(`${credential.username ?? "x-access-token"}:${credential.token}`).toString(
    "base64",
  );
  return { "http.extraHeader": `Authorization: Basic ${basic}` };
}

/** Bytes under a directory, stopping early once past `limit`. */
function directoryBytes(dir: string, limit: number): number {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total <= limit) {
    const current = pending.pop()!;
    let entries: string[];
    try {
      entries = readdirSync(current);
    } catch {
      continue; // removed while git works
    }
    for (const entry of entries) {
      try {
        const stat = lstatSync(path.join(current, entry));
        if (stat.isDirectory()) pending.push(path.join(current, entry));
        else total += stat.size;
      } catch {
        // a temporary file git has renamed meanwhile
      }
    }
  }
  return total;
}

async function cloneAt(
  target: FetchTarget,
  ref: string,
  limits: CheckoutLimits,
  credential: Credential | undefined,
): Promise<CheckoutResult> {
  const deadline = Date.now() + limits.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  const root = mkdtempSync(path.join(tmpdir(), "rampart-checkout-"));
  const dispose = () => rmSync(root, { recursive: true, force: true });
  const fail = (failure: FetchFailure) => {
    dispose();
    return failure;
  };
  const tooLarge = `over the limit of ${megabytes(limits.maxBytes)}`;

  const init = await git(["init", "--quiet"], { cwd: root, timeoutMs: remaining() });
  if (!init.ok) return fail(fetchFailure("unreachable"));

  // A full SHA is fetched directly; a branch or tag, or nothing (the default branch), by name.
  const fetched = await git(
    ["fetch", "--quiet", "--depth", "1", "--no-tags", "--end-of-options", target.url, ref],
    {
      cwd: root,
      timeoutMs: remaining(),
      protocols: [target.protocol],
      config: { ...target.config, ...credentialConfig(target, credential) },
      watch: () =>
        directoryBytes(path.join(root, ".git"), limits.maxBytes) > limits.maxBytes ? tooLarge : undefined,
    },
  );
  if (!fetched.ok) {
    if (fetched.aborted) return fail(fetchFailure("too_large", fetched.aborted));
    const reason = classifyGitError(fetched.detail, fetched.timedOut);
    return fail(
      fetchFailure(reason, reason === "refused_by_policy" ? "redirects are not followed" : undefined),
    );
  }

  // The watch polls; a small fetch can finish between two looks.
  if (directoryBytes(path.join(root, ".git"), limits.maxBytes) > limits.maxBytes) {
    return fail(fetchFailure("too_large", tooLarge));
  }

  // Count and measure the files before writing any of them.
  let files = 0;
  let bytes = 0;
  const listed = await git(["ls-tree", "-r", "-l", "--full-tree", "FETCH_HEAD"], {
    cwd: root,
    timeoutMs: remaining(),
    onLine: (line) => {
      if (!line) return undefined;
      files += 1;
      const size = Number(line.split(/\s+/)[3]);
      if (Number.isFinite(size)) bytes += size;
      if (files > limits.maxFiles) return `more than ${limits.maxFiles} files`;
      if (bytes > limits.maxBytes) return `files ${tooLarge}`;
      return undefined;
    },
  });
  if (!listed.ok) {
    if (listed.aborted) return fail(fetchFailure("too_large", listed.aborted));
    return fail(fetchFailure(listed.timedOut ? "timed_out" : "unreachable"));
  }

  const checkedOut = await git(["checkout", "--quiet", "--detach", "FETCH_HEAD"], {
    cwd: root,
    timeoutMs: remaining(),
  });
  if (!checkedOut.ok) return fail(fetchFailure(checkedOut.timedOut ? "timed_out" : "unreachable"));
  const head = await git(["log", "-1", "--format=%H %cI"], { cwd: root, timeoutMs: remaining() });
  if (!head.ok) return fail(fetchFailure(head.timedOut ? "timed_out" : "unreachable"));
  const [commitSha, committedAt] = head.stdout.split(" ");
  rmSync(path.join(root, ".git"), { recursive: true, force: true }); // the engine reads files, not history
  return {
    ok: true,
    workspace: { root, commitSha: commitSha!, committedAt: new Date(committedAt!), dispose },
  };
}
