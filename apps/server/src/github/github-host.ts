// GitHub as a RemoteCodeHost: each session is one installation with a token minted when it opens
// (never stored), and every operation is one or a few REST calls in GitHub's own shapes, turned
// into the host-neutral ones of remote-code-host.ts.
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import type { HostedAccess } from "../code-host/code-host.ts";
import type {
  ChangedFile,
  CheckReport,
  RemoteCodeHost,
  RemoteSession,
  SuggestedChange,
} from "../code-host/remote-code-host.ts";
import { newSideLines } from "../code-host/unified-diff.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { type GitHubApi, type GitHubClient, statusOf } from "./github-api.ts";
import type { GitHubAppStore } from "./github-app.store.ts";
import { cloneUrlOf } from "./github-urls.ts";
import { readGitHubRepositorySettings } from "./repository-settings.ts";

/** GitHub takes at most 50 annotations per check-run request; more are appended by updating it. */
export const ANNOTATIONS_PER_REQUEST = 50;
/** Beyond this a check run lists the rest only in its summary. */
export const MAX_ANNOTATIONS = 1000;

/** An error whose message is ours and safe to show: the App is missing or GitHub refused. */
export class CodeHostUnavailable extends Error {}

const CHANGED_FILE_STATUS: Record<string, ChangedFile["status"]> = {
  added: "added",
  removed: "removed",
  modified: "modified",
  renamed: "renamed",
  copied: "added",
  changed: "modified",
  unchanged: "modified",
};

const ownerAndRepo = (fullName: string) => {
  const [owner, repo] = fullName.split("/");
  return { owner: owner!, repo: repo! };
};

export function createGitHubHost(deps: { api: GitHubApi; store: GitHubAppStore }): RemoteCodeHost {
  const { api } = deps;

  function session(client: GitHubClient, token: string): RemoteSession {
    return {
      async listRepositories() {
        const repositories = await client.paginate("GET /installation/repositories", { per_page: 100 });
        return repositories.map((repository) => ({
          externalId: String(repository.id),
          fullName: repository.full_name,
          defaultBranch: repository.default_branch ?? null,
          private: repository.private,
        }));
      },

      cloneAccess(fullName) {
        return {
          url: cloneUrlOf(api.webUrl, fullName),
          credential: { username: "x-access-token", token },
        };
      },

      repositorySettings: (fullName) => readGitHubRepositorySettings(client, fullName),

      async mergeBase(fullName, base, head) {
        const { data } = await client.request("GET /repos/{owner}/{repo}/compare/{basehead}", {
          ...ownerAndRepo(fullName),
          basehead: `${base}...${head}`,
          per_page: 1,
        });
        return data.merge_base_commit.sha;
      },

      async changedFiles(fullName, pullRequest) {
        const files = await client.paginate("GET /repos/{owner}/{repo}/pulls/{pull_number}/files", {
          ...ownerAndRepo(fullName),
          pull_number: pullRequest,
          per_page: 100,
        });
        return files.map((file) => {
          // No patch for binary files and very large diffs: no line is known to be changed.
          const lines = file.patch
            ? newSideLines(file.patch)
            : { added: new Set<number>(), shown: new Set<number>() };
          return {
            path: file.filename,
            ...(file.previous_filename ? { previousPath: file.previous_filename } : {}),
            status: CHANGED_FILE_STATUS[file.status] ?? "modified",
            addedLines: lines.added,
            diffLines: lines.shown,
          };
        });
      },

      async openPullRequestCount(fullName) {
        // One request per repository however many are open: with one pull request a page, the
        // `last` page link's number is the count (GitHub has no count endpoint for pulls).
        const { data, headers } = await client.request("GET /repos/{owner}/{repo}/pulls", {
          ...ownerAndRepo(fullName),
          state: "open",
          per_page: 1,
        });
        return lastPageOf(headers.link) ?? data.length;
      },

      async startCheck(fullName, input) {
        const { data } = await client.request("POST /repos/{owner}/{repo}/check-runs", {
          ...ownerAndRepo(fullName),
          name: input.name,
          head_sha: input.headSha,
          status: "in_progress",
          started_at: new Date().toISOString(),
          ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
        });
        return String(data.id);
      },

      async completeCheck(fullName, checkId, report) {
        await completeCheckRun(client, fullName, Number(checkId), report);
      },

      async upsertPullRequestComment(fullName, pullRequest, input) {
        const body = `${input.body}\n\n${input.marker}\n`;
        const comments = await client.paginate("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
          ...ownerAndRepo(fullName),
          issue_number: pullRequest,
          per_page: 100,
        });
        const ours = comments.find((comment) => comment.body?.includes(input.marker));
        if (ours) {
          await client.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
            ...ownerAndRepo(fullName),
            comment_id: ours.id,
            body,
          });
          return { created: false };
        }
        await client.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
          ...ownerAndRepo(fullName),
          issue_number: pullRequest,
          body,
        });
        return { created: true };
      },

      async openPullRequest(fullName, input) {
        const { owner, repo } = ownerAndRepo(fullName);
        // GitHub names a head branch `owner:branch`; fix branches are pushed to the repository itself.
        const [open] = await client
          .request("GET /repos/{owner}/{repo}/pulls", {
            owner,
            repo,
            head: `${owner}:${input.branchName}`,
            state: "open",
            per_page: 1,
          })
          .then((response) => response.data);
        if (open) {
          const { data } = await client.request("PATCH /repos/{owner}/{repo}/pulls/{pull_number}", {
            owner,
            repo,
            pull_number: open.number,
            title: input.title,
            body: input.body,
          });
          return { number: data.number, url: data.html_url, created: false };
        }
        const { data } = await client.request("POST /repos/{owner}/{repo}/pulls", {
          owner,
          repo,
          head: input.branchName,
          base: input.base,
          title: input.title,
          body: input.body,
          maintainer_can_modify: true,
        });
        return { number: data.number, url: data.html_url, created: true };
      },

      async suggestChanges(fullName, pullRequest, headSha, suggestions) {
        if (suggestions.length === 0) return 0;
        const existing = await client.paginate("GET /repos/{owner}/{repo}/pulls/{pull_number}/comments", {
          ...ownerAndRepo(fullName),
          pull_number: pullRequest,
          per_page: 100,
        });
        const posted = new Set(existing.map((comment) => comment.body));
        let created = 0;
        for (const suggestion of suggestions) {
          const marker = suggestionMarker(suggestion.key);
          if ([...posted].some((body) => body.includes(marker))) continue;
          await client.request("POST /repos/{owner}/{repo}/pulls/{pull_number}/comments", {
            ...ownerAndRepo(fullName),
            pull_number: pullRequest,
            commit_id: headSha,
            path: suggestion.path,
            side: "RIGHT",
            line: suggestion.endLine,
            ...(suggestion.startLine < suggestion.endLine
              ? { start_line: suggestion.startLine, start_side: "RIGHT" as const }
              : {}),
            body: suggestionBody(suggestion),
          });
          created += 1;
        }
        return created;
      },
    };
  }

  return {
    displayName: "GitHub",

    async connect(connection) {
      const credentials = await deps.store.current();
      if (!credentials) throw new CodeHostUnavailable("No GitHub App is configured on this server");
      const installationId = Number(connection);
      if (!Number.isSafeInteger(installationId) || installationId <= 0)
        throw new CodeHostUnavailable("Not a GitHub App installation");
      const installation = await api.asApp(credentials).asInstallation(installationId);
      return session(installation.octokit, installation.token);
    },

    commitUrl: (fullName, commitSha) => `${api.webUrl}/${fullName}/commit/${commitSha}`,
  };
}

/**
 * How the code host fetches a `github` repository: through its tenant's installation, with a
 * token minted for this fetch. Refusals are in words safe to show on the scan.
 */
export async function hostedAccess(
  db: Database,
  host: RemoteCodeHost,
  repository: RepositoryRow,
): ReturnType<HostedAccess> {
  const [tenant] = await db
    .select({ installationId: tenants.githubInstallationId })
    .from(tenants)
    .where(eq(tenants.id, repository.tenantId));
  if (!tenant?.installationId)
    return { ok: false, error: "the organization is no longer connected to its GitHub App installation" };
  try {
    const session = await host.connect(tenant.installationId);
    return { ok: true, ...session.cloneAccess(repository.location), session };
  } catch (error) {
    if (error instanceof CodeHostUnavailable) return { ok: false, error: error.message };
    const status = statusOf(error);
    return {
      ok: false,
      error:
        status === 403 || status === 404
          ? "GitHub refused a token for the installation (suspended or removed)"
          : "GitHub could not be reached for a token",
    };
  }
}

/** The page number of a `Link` header's `rel="last"`, when it has one. */
export function lastPageOf(link: string | undefined): number | undefined {
  const last = link?.split(",").find((part) => /rel="last"/.test(part));
  const page = last ? /[?&]page=(\d{1,9})(?:&|>)/.exec(last)?.[1] : undefined;
  return page ? Number(page) : undefined;
}

/** The hidden line that identifies a suggestion across pushes. */
export const suggestionMarker = (key: string) => `<!-- rampart:suggestion:${key} -->`;

/** GitHub's suggested-change block: the author commits it with one click. */
export function suggestionBody(suggestion: SuggestedChange): string {
  // A fence longer than any run of backticks in the replacement keeps it intact.
  const longest = Math.max(2, ...(suggestion.replacement.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  return `${suggestion.explanation}\n\n${fence}suggestion\n${suggestion.replacement}\n${fence}\n\n${suggestionMarker(suggestion.key)}`;
}

async function completeCheckRun(
  client: GitHubClient,
  fullName: string,
  checkRunId: number,
  report: CheckReport,
) {
  const annotations = report.annotations.slice(0, MAX_ANNOTATIONS).map((annotation) => ({
    path: annotation.path,
    start_line: annotation.startLine,
    end_line: annotation.endLine,
    annotation_level: annotation.level,
    title: annotation.title.slice(0, 255),
    message: annotation.message.slice(0, 64_000),
  }));
  const batches: (typeof annotations)[] = [];
  for (let index = 0; index < annotations.length; index += ANNOTATIONS_PER_REQUEST)
    batches.push(annotations.slice(index, index + ANNOTATIONS_PER_REQUEST));
  if (batches.length === 0) batches.push([]);
  const output = { title: report.title.slice(0, 255), summary: report.summary.slice(0, 65_000) };
  // Every update appends its annotations; the last one also completes the run.
  for (const [index, batch] of batches.entries()) {
    const last = index === batches.length - 1;
    await client.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
      ...ownerAndRepo(fullName),
      check_run_id: checkRunId,
      output: { ...output, annotations: batch },
      ...(last
        ? {
            status: "completed" as const,
            conclusion: report.conclusion,
            completed_at: new Date().toISOString(),
          }
        : {}),
    });
  }
}
