// The boundary between Rampart and wherever code lives. Scans ask a CodeHost for a workspace at a
// commit; fix pull requests ask it to push a branch with the fix and open a pull request. This
// implementation serves git URLs, local paths and the bundled samples, and the repositories of a
// connected code host (`github`), which it fetches with a credential the host mints for each
// fetch (remote-code-host.ts has the host's own operations: checks, comments, suggestions).
import { existsSync } from "node:fs";
import path from "node:path";
import {
  type CheckoutLimits,
  type CheckoutResult,
  type Credential,
  checkout,
  type FetchTarget,
  fetchFailure,
  type NetworkPolicy,
  pathInsideRoots,
  resolveFetchTarget,
} from "@rampart/checkout";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { materializeSample } from "../repositories/samples.ts";
import { commitUrlOf } from "./commit-url.ts";
import {
  commitFixBranch,
  containsCommit,
  deleteFixBranch,
  type FileChange,
  FixRemoteError,
  fixRemotePath,
} from "./fix-remote.ts";

export { type FileChange, FixRemoteError } from "./fix-remote.ts";

export interface FixPullRequestInput {
  /** The commit the fix was computed against; the branch's one commit sits on top of it. */
  baseCommit: string;
  /** `security/fix/<slug>`; must not exist yet. */
  branchName: string;
  title: string;
  body: string;
  changes: readonly FileChange[];
  at: Date;
}

export interface OpenedPullRequest {
  /** The host's own pull request number; absent when the host has none and Rampart's is used. */
  number?: number;
  /** A link to the pull request on the host's website, when it has one. */
  url: string | null;
  /** The commit at the head of the fix branch. */
  headSha: string;
}

const FIX_AUTHOR = { name: "Rampart", email: "fixes@rampart.invalid" };

/** Why a repository known only from CI uploads can be neither scanned nor branched here. */
export const UPLOADED_ONLY =
  "This repository's runs are uploaded from CI (rampart scan --upload): Rampart has no copy of its code";

export interface CodeHost {
  /** A read-only workspace of the repository at `ref` (a commit, branch or tag; default branch when absent). */
  workspace(repository: RepositoryRow, ref?: string): Promise<CheckoutResult>;
  /** A link to the commit on the host's website, when it has one. */
  commitUrl(repository: RepositoryRow, commitSha: string): string | null;
  /**
   * Pushes `branchName` with one commit applying the changes to the base commit and opens a pull
   * request for it. Throws FixRemoteError when the host refuses.
   */
  openFixPullRequest(repository: RepositoryRow, input: FixPullRequestInput): Promise<OpenedPullRequest>;
  /** Removes a fix branch again, when the pull request that needed it could not be recorded. */
  discardFixBranch(repository: RepositoryRow, branchName: string): Promise<void>;
  /** Whether a fix branch's head commit is in the history of `commit`: the fix was merged. */
  isMerged(repository: RepositoryRow, fix: { headSha: string; commit: string }): Promise<boolean>;
}

/** A repository's access token, opened from its sealed form; undefined when it has none. */
export type CredentialOf = (repository: RepositoryRow) => { username?: string; token: string } | undefined;

/**
 * Where a connected host's repository (source `github`) is fetched from, with a credential minted
 * for this fetch; or why it cannot be (no connection, the host refused), in words safe to show.
 */
export type HostedAccess = (
  repository: RepositoryRow,
) => Promise<{ ok: true; url: string; credential: Credential } | { ok: false; error: string }>;

const NO_HOSTED_ACCESS: HostedAccess = async () => ({
  ok: false,
  error: "No code host is configured on this server",
});

export function createLocalCodeHost(options: {
  samplesDir: string;
  sampleCacheDir: string;
  /** Where the bare "fix remote" repositories that receive fix branches live. */
  fixRemotesDir: string;
  /** Where git may fetch from; checked again at every fetch, since DNS answers change. */
  policy: NetworkPolicy;
  limits: CheckoutLimits;
  credentialOf: CredentialOf;
  /** Repositories of a connected code host; without it they cannot be fetched. */
  hostedAccess?: HostedAccess;
  /** Links to commits of a connected code host's repositories. */
  hostedCommitUrl?: (repository: RepositoryRow, commitSha: string) => string | null;
}): CodeHost {
  const hostedAccess = options.hostedAccess ?? NO_HOSTED_ACCESS;
  const localTarget = (directory: string): FetchTarget => ({
    protocol: "file",
    url: `file://${path.resolve(directory)}`,
    config: {},
  });

  /** Where a repository's commits are fetched from (checked against the policy), and with what. */
  async function sourceOf(
    repository: RepositoryRow,
  ): Promise<{ target: FetchTarget; credential: Credential | undefined }> {
    if (repository.source !== "github")
      return { target: await sourceTarget(repository), credential: options.credentialOf(repository) };
    const access = await hostedAccess(repository);
    if (!access.ok) throw new FixRemoteError(`The repository could not be fetched: ${access.error}`, true);
    return { target: await policyTarget(access.url), credential: access.credential };
  }

  async function policyTarget(url: string): Promise<FetchTarget> {
    const resolved = await resolveFetchTarget(url, options.policy);
    if (!resolved.ok) {
      throw new FixRemoteError(
        resolved.kind === "refused"
          ? `The repository could not be fetched: refused by policy: ${resolved.problem}`
          : "The repository could not be fetched: the host could not be reached",
        true,
      );
    }
    return resolved.target;
  }

  /** Where a repository's commits are fetched from, checked against the policy. */
  async function sourceTarget(repository: RepositoryRow): Promise<FetchTarget> {
    switch (repository.source) {
      case "github":
        return (await sourceOf(repository)).target;
      case "git":
        return policyTarget(repository.location);
      case "local":
        if (!pathInsideRoots(repository.location, options.policy.localRoots)) {
          throw new FixRemoteError("The repository could not be fetched: refused by policy", true);
        }
        if (!existsSync(path.join(repository.location, ".git"))) {
          throw new FixRemoteError(
            "This repository is a plain directory, not a git repository: there is no commit to branch from",
            true,
          );
        }
        return localTarget(repository.location);
      case "sample":
        return localTarget(
          materializeSample(options.samplesDir, repository.location, options.sampleCacheDir).path,
        );
      case "upload":
        throw new FixRemoteError(UPLOADED_ONLY, true);
    }
  }

  return {
    async workspace(repository, ref) {
      const common = { limits: options.limits, ...(ref ? { ref } : {}) };
      switch (repository.source) {
        case "git": {
          const credential = options.credentialOf(repository);
          return checkout(
            { kind: "git", url: repository.location },
            { ...common, policy: options.policy, ...(credential ? { credential } : {}) },
          );
        }
        case "local":
          // Checked at registration; checked again, since the configured roots may have changed.
          if (!pathInsideRoots(repository.location, options.policy.localRoots)) {
            return fetchFailure(
              "refused_by_policy",
              "local paths are allowed only under LOCAL_REPOSITORY_ROOTS",
            );
          }
          return checkout({ kind: "local", path: repository.location }, common);
        case "sample": {
          const sample = materializeSample(options.samplesDir, repository.location, options.sampleCacheDir);
          return checkout({ kind: "local", path: sample.path }, common);
        }
        case "upload":
          return { ok: false, reason: "not_found", error: UPLOADED_ONLY };
        case "github": {
          const access = await hostedAccess(repository);
          if (!access.ok) return fetchFailure("auth_required", access.error);
          return checkout(
            { kind: "git", url: access.url },
            { ...common, policy: options.policy, credential: access.credential },
          );
        }
      }
    },

    commitUrl(repository, commitSha) {
      if (repository.source === "github") return options.hostedCommitUrl?.(repository, commitSha) ?? null;
      return repository.source === "git" ? commitUrlOf(repository.location, commitSha) : null;
    },

    // Locally a pull request is its branch in the fix remote: there is no website to link to, and
    // Rampart's own per-tenant number identifies it.
    async openFixPullRequest(repository, input) {
      const source = await sourceOf(repository);
      const headSha = await commitFixBranch(fixRemotePath(options.fixRemotesDir, repository.id), {
        source: source.target,
        credential: source.credential,
        baseCommit: input.baseCommit,
        branchName: input.branchName,
        message: `${input.title}\n\n${input.body}\n`,
        changes: input.changes,
        author: FIX_AUTHOR,
        at: input.at,
      });
      return { url: null, headSha };
    },

    async discardFixBranch(repository, branchName) {
      await deleteFixBranch(fixRemotePath(options.fixRemotesDir, repository.id), branchName);
    },

    // A GitHub App host learns of merges from webhooks; locally, the scanned history tells.
    async isMerged(repository, fix) {
      const remote = fixRemotePath(options.fixRemotesDir, repository.id);
      if (!existsSync(path.join(remote, "HEAD"))) return false;
      let source: { target: FetchTarget; credential: Credential | undefined };
      try {
        source = await sourceOf(repository);
      } catch (error) {
        if (error instanceof FixRemoteError) return false; // not fetchable now: not known to be merged
        throw error;
      }
      return containsCommit(
        remote,
        { source: source.target, credential: source.credential },
        fix.headSha,
        fix.commit,
      );
    },
  };
}
