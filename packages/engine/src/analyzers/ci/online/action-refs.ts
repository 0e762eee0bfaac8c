// The ci analyzer's online phase: for every `uses: owner/repo@ref` of the scanned workflows, ask
// GitHub whether the ref names a tag, a branch or both (ref confusion), and whether a pinned
// commit is reachable from any branch or tag of that repository (or is an impostor: a commit
// pushed to a fork, which GitHub still serves under the parent's name). Answers are plain facts
// for the project rules; a question left unanswered is listed, never guessed.
import type { OnlineConnections, OnlineLookup } from "../../../analyzer.ts";
import type { ProjectFile } from "../../../rule.ts";
import type { LocalCallSummary } from "../local-calls.ts";
import type { WorkflowModel } from "../model.ts";
import { allUses } from "../rules/unpinned-action.ts";
import {
  createGitHubClient,
  DEFAULT_CLIENT_LIMITS,
  type GitHubClient,
  type GitHubClientLimits,
  LookupError,
  LookupStopped,
} from "./github-client.ts";

/** One `uses: owner/repo[/path]@ref` of a file, as the workers send it to the main thread. */
export interface ActionUse {
  /** Lower-case `owner/repo`. */
  repository: string;
  ref: string;
  raw: string;
  line: number;
  column: number;
}

/** What each file sends to the project phase: its `uses:` refs and its local calls (`local-calls.ts`). */
export interface CiSummary extends LocalCallSummary {
  uses: ActionUse[];
}

/** What GitHub said. A key that is absent was not asked or not answered: rules stay silent on it. */
export interface ActionRefFacts {
  /** `owner/repo@ref` → which kinds of git ref carry that name. */
  refs: Record<string, { tag: boolean; branch: boolean }>;
  /** `owner/repo@sha` → whether some branch or tag of the repository contains the commit. */
  commits: Record<string, "reachable" | "unreachable">;
}

export const COMMIT_SHA = /^[0-9a-f]{40}$/i;

/** Only repository references with a plain `owner/repo` can be asked about. */
const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;
/**
 * Refs that git allows and that stay one path under the repository: no `.`/`..` segment (a URL
 * would resolve it and ask another endpoint), nothing but the usual characters, bounded length.
 */
const REF = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._+/-]{1,255}$/;

function askable(repository: string, ref: string): boolean {
  return (
    REPOSITORY.test(repository) && repository.split("/").every((part) => !/^\.+$/.test(part)) && REF.test(ref)
  );
}

export function summarizeUses(model: WorkflowModel): Pick<CiSummary, "uses"> {
  const uses: ActionUse[] = [];
  for (const item of allUses(model)) {
    if (item.kind !== "repository" || item.ref === null || item.ref === "") continue;
    if (!askable(item.repository, item.ref)) continue;
    uses.push({
      repository: item.repository,
      ref: item.ref,
      raw: item.raw,
      line: item.at.line,
      column: item.at.column,
    });
  }
  return { uses };
}

export function refKey(repository: string, ref: string): string {
  return `${repository}@${COMMIT_SHA.test(ref) ? ref.toLowerCase() : ref}`;
}

/** A git ref name as one path of the REST API: each segment encoded, slashes kept. */
function pathOf(name: string): string {
  return name.split("/").map(encodeURIComponent).join("/");
}

interface RefList {
  /** name → commit SHA at its tip. */
  tips: Map<string, string>;
  /** False when GitHub has more pages than the one read. */
  complete: boolean;
}

interface RepositoryRefs {
  tags: RefList;
  branches: RefList;
}

function asRefList(response: { body: unknown; hasNextPage: boolean }): RefList {
  const tips = new Map<string, string>();
  if (!Array.isArray(response.body)) throw new LookupError("unexpected response shape");
  for (const item of response.body as unknown[]) {
    const entry = item as { name?: unknown; commit?: { sha?: unknown } } | null;
    if (typeof entry?.name === "string" && typeof entry.commit?.sha === "string")
      tips.set(entry.name, entry.commit.sha.toLowerCase());
  }
  return { tips, complete: !response.hasNextPage };
}

function failure(status: number): LookupError {
  if (status === 404) return new LookupError("repository not found or not visible to the token (404)");
  return new LookupError(`GitHub answered HTTP ${status}`);
}

/** Asks the questions of one scan, each answer cached (one repository's lists serve all its refs). */
class RefResolver {
  private readonly repositories = new Map<string, Promise<RepositoryRefs>>();

  constructor(private readonly client: GitHubClient) {}

  private refs(repository: string): Promise<RepositoryRefs> {
    let cached = this.repositories.get(repository);
    if (!cached) {
      cached = (async () => {
        const tags = await this.client.get(`/repos/${repository}/tags?per_page=100`);
        if (tags.status !== 200) throw failure(tags.status);
        const branches = await this.client.get(`/repos/${repository}/branches?per_page=100`);
        if (branches.status !== 200) throw failure(branches.status);
        return { tags: asRefList(tags), branches: asRefList(branches) };
      })();
      this.repositories.set(repository, cached);
    }
    return cached;
  }

  /** Whether `kind/name` exists, from the list when it is complete, else by asking for that ref. */
  private async exists(repository: string, list: RefList, kind: "tags" | "heads", name: string) {
    if (list.tips.has(name)) return true;
    if (list.complete) return false;
    const response = await this.client.get(`/repos/${repository}/git/ref/${kind}/${pathOf(name)}`);
    if (response.status === 404) return false;
    if (response.status !== 200) throw failure(response.status);
    // The endpoint matches exactly; an array answer (a prefix match on old servers) is checked by name.
    const wanted = `refs/${kind}/${name}`;
    const entries = Array.isArray(response.body) ? response.body : [response.body];
    return entries.some((entry) => (entry as { ref?: unknown } | null)?.ref === wanted);
  }

  async refKinds(repository: string, ref: string): Promise<{ tag: boolean; branch: boolean }> {
    const { tags, branches } = await this.refs(repository);
    const tag = await this.exists(repository, tags, "tags", ref);
    const branch = await this.exists(repository, branches, "heads", ref);
    return { tag, branch };
  }

  /**
   * Reachable when a tag or branch points at the commit, or contains it: comparing
   * `<ref>...<sha>` says `behind` or `identical`. Unreachable only when every tag and branch was
   * listed and compared; otherwise the question stays open.
   */
  async commitReachability(
    repository: string,
    sha: string,
    maxCompares: number,
  ): Promise<"reachable" | "unreachable" | null> {
    const { tags, branches } = await this.refs(repository);
    const tips = [...tags.tips.values(), ...branches.tips.values()];
    if (tips.includes(sha)) return "reachable";
    const info = await this.client.get(`/repos/${repository}`);
    if (info.status !== 200) throw failure(info.status);
    const defaultBranch = (info.body as { default_branch?: unknown } | null)?.default_branch;
    const candidates = [
      ...(typeof defaultBranch === "string" ? [defaultBranch] : []),
      ...[...branches.tips.keys()].filter((name) => name !== defaultBranch),
      ...tags.tips.keys(),
    ];
    if (candidates.some((name) => !REF.test(name)))
      throw new LookupError("a branch or tag name that cannot be compared safely");
    if (candidates.length > maxCompares)
      throw new LookupError(`${candidates.length} branches and tags to compare, more than ${maxCompares}`);
    for (const name of candidates) {
      const response = await this.client.get(`/repos/${repository}/compare/${pathOf(name)}...${sha}`);
      // Not found: the commit is in no repository of the network (a typo); not an impostor.
      if (response.status === 404) return null;
      if (response.status !== 200) throw failure(response.status);
      const status = (response.body as { status?: unknown } | null)?.status;
      if (status === "behind" || status === "identical") return "reachable";
      if (status !== "ahead" && status !== "diverged") throw new LookupError("unexpected comparison status");
    }
    if (!tags.complete || !branches.complete)
      throw new LookupError("more than 100 branches or tags; not every one was compared");
    return "unreachable";
  }
}

export interface ActionRefLimits extends GitHubClientLimits {
  /** Branches and tags one commit may be compared with before the question is left open. */
  maxComparesPerCommit: number;
  /** Repositories asked about at once. */
  concurrency: number;
}

export const DEFAULT_ACTION_REF_LIMITS: ActionRefLimits = {
  ...DEFAULT_CLIENT_LIMITS,
  maxComparesPerCommit: 30,
  concurrency: 4,
};

/** At most this many unanswered questions are listed one by one; the rest are counted. */
const MAX_LISTED = 5;

export async function lookupActionRefs(
  files: readonly ProjectFile<CiSummary>[],
  connections: OnlineConnections,
  limits: ActionRefLimits = DEFAULT_ACTION_REF_LIMITS,
): Promise<OnlineLookup<ActionRefFacts>> {
  const facts: ActionRefFacts = { refs: {}, commits: {} };
  const github = connections.github;
  if (!github) return { facts, incomplete: [] };
  const questions = new Map<string, { repository: string; ref: string }>();
  for (const file of files)
    for (const use of file.summary.uses)
      if (askable(use.repository, use.ref)) questions.set(refKey(use.repository, use.ref), use);
  if (questions.size === 0) return { facts, incomplete: [] };

  const unanswered: string[] = [];
  let stoppedBy: string | undefined;
  let notAsked = 0;
  let resolver: RefResolver;
  try {
    resolver = new RefResolver(createGitHubClient(github, limits));
  } catch (error) {
    // The client refused the connection itself (a bad API URL): nothing was asked.
    const reason = error instanceof LookupError ? error.message : "lookup failed";
    return { facts, incomplete: [`GitHub lookup stopped (${reason}); ${questions.size} refs not checked`] };
  }
  const ask = async (key: string, repository: string, ref: string) => {
    if (stoppedBy) {
      notAsked++;
      return;
    }
    try {
      if (COMMIT_SHA.test(ref)) {
        const answer = await resolver.commitReachability(
          repository,
          ref.toLowerCase(),
          limits.maxComparesPerCommit,
        );
        if (answer) facts.commits[key] = answer;
      } else {
        facts.refs[key] = await resolver.refKinds(repository, ref);
      }
    } catch (error) {
      if (error instanceof LookupStopped) {
        stoppedBy ??= error.message;
        notAsked++;
      } else {
        unanswered.push(`${key}: ${error instanceof LookupError ? error.message : "lookup failed"}`);
      }
    }
  };
  // Repositories are asked about side by side; one repository's questions one after another, so
  // its tag and branch lists are fetched once and shared.
  const byRepository = new Map<string, [string, string][]>();
  for (const [key, { repository, ref }] of [...questions].sort(([a], [b]) => (a < b ? -1 : 1)))
    byRepository.set(repository, [...(byRepository.get(repository) ?? []), [key, ref]]);
  const queue = [...byRepository];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [repository, refs] = next;
      for (const [key, ref] of refs) await ask(key, repository, ref);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limits.concurrency) }, worker));
  unanswered.sort();
  const incomplete = unanswered.slice(0, MAX_LISTED).map((line) => `GitHub lookup of ${line}`);
  if (unanswered.length > MAX_LISTED)
    incomplete.push(`GitHub lookup: ${unanswered.length - MAX_LISTED} more refs not answered`);
  if (stoppedBy) incomplete.push(`GitHub lookup stopped (${stoppedBy}); ${notAsked} refs not checked`);
  return { facts, incomplete };
}
