// A code host with an API that Rampart is connected to: GitHub through its App today, GitLab
// next. Everything here is in the host's neutral words (a connection, a repository's full name, a
// pull request's number, a check), never in one host's types, so that pull-request scans, fix pull
// requests and repository settings are written once. A connection is what gives access to a set
// of repositories (a GitHub App installation; a GitLab group's integration).
import type { Credential } from "@rampart/checkout";
import type { RepositorySettings } from "@rampart/engine/analyzers/repository/settings";

export interface RemoteRepository {
  /** The host's own id: stable when the repository is renamed. */
  externalId: string;
  /** `owner/name` (GitLab: `group/subgroup/name`). */
  fullName: string;
  defaultBranch: string | null;
  private: boolean;
}

/** A file a pull request changes, and the lines of its new version that the change touches. */
export interface ChangedFile {
  path: string;
  previousPath?: string;
  status: "added" | "modified" | "removed" | "renamed";
  /** New-side lines the change adds or modifies. */
  addedLines: ReadonlySet<number>;
  /** New-side lines the diff shows (added and context): where a review comment may be placed. */
  diffLines: ReadonlySet<number>;
}

export type CheckConclusion = "success" | "failure" | "neutral";

export interface CheckAnnotation {
  path: string;
  startLine: number;
  endLine: number;
  level: "failure" | "warning" | "notice";
  title: string;
  message: string;
}

export interface CheckReport {
  conclusion: CheckConclusion;
  title: string;
  /** Markdown. */
  summary: string;
  annotations: readonly CheckAnnotation[];
}

/** A review comment proposing a change the author can commit with one click. */
export interface SuggestedChange {
  path: string;
  /** New-side lines replaced by `replacement` (equal for one line). */
  startLine: number;
  endLine: number;
  replacement: string;
  /** Markdown shown above the suggestion. */
  explanation: string;
  /** Identifies the suggestion across pushes, so the same one is never posted twice. */
  key: string;
}

/** A pull request proposing a branch's commits for a base branch. */
export interface PullRequestInput {
  branchName: string;
  /** The branch it is to be merged into. */
  base: string;
  title: string;
  /** Markdown. */
  body: string;
}

/**
 * One unit of work against one connection, holding a short-lived credential minted when it was
 * opened (never stored). Open one per job; do not keep it.
 */
export interface RemoteSession {
  listRepositories(): Promise<RemoteRepository[]>;
  /** Where git fetches the repository from, and the short-lived credential it sends. */
  cloneAccess(fullName: string): { url: string; credential: Credential };
  /** The commit `base` and `head` were last common at. */
  mergeBase(fullName: string, base: string, head: string): Promise<string>;
  changedFiles(fullName: string, pullRequest: number): Promise<ChangedFile[]>;
  /** How many pull requests of the repository are open now (the PR Bot page's live count). */
  openPullRequestCount(fullName: string): Promise<number>;
  /** Starts a check on a commit, shown as running; answers the host's id of it. */
  startCheck(
    fullName: string,
    input: { headSha: string; name: string; detailsUrl?: string },
  ): Promise<string>;
  /** Completes a check with its report; annotations go in the host's batches. */
  completeCheck(fullName: string, checkId: string, report: CheckReport): Promise<void>;
  /**
   * The pull request's one comment that carries `marker` (hidden), updated in place; created
   * when there is none. Answers whether it was created.
   */
  upsertPullRequestComment(
    fullName: string,
    pullRequest: number,
    input: { marker: string; body: string },
  ): Promise<{ created: boolean }>;
  /** Posts the suggestions not posted before (by key) on the head commit; answers how many were new. */
  suggestChanges(
    fullName: string,
    pullRequest: number,
    headSha: string,
    suggestions: readonly SuggestedChange[],
  ): Promise<number>;
  /**
   * The repository's settings as evidence (branch protection, security features, who has access),
   * a fact the host would not tell being unknown with the reason. Throws when the repository
   * cannot be read at all.
   */
  repositorySettings(fullName: string): Promise<RepositorySettings>;
  /**
   * Opens a pull request for a pushed branch, or updates the title and body of the one already
   * open for that branch: never a second. Answers the host's number and the page to link to.
   */
  openPullRequest(
    fullName: string,
    input: PullRequestInput,
  ): Promise<{ number: number; url: string; created: boolean }>;
}

export interface RemoteCodeHost {
  /** Shown to users: "GitHub". */
  readonly displayName: string;
  /** Opens a session on a connection, minting its short-lived credential. */
  connect(connection: string): Promise<RemoteSession>;
  /** A link to the commit on the host's website. */
  commitUrl(fullName: string, commitSha: string): string;
}
