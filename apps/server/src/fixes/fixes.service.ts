// Opens fix pull requests: plans the change from a stored finding and the files of the commit it
// was found in, then, in one transaction, takes the tenant's next PR number, has the code host
// push the `security/fix/<slug>` branch, records the suggestion and appends a `fix_pr` artifact
// to the tenant's evidence ledger. A finding that an open pull request already fixes gets that
// one back, and so does a second request for the same change (one pull request per package
// upgrade, whichever of the package's advisories was asked about).
// After each scan, open fixes whose commit is now in the scanned history become merged (and are
// appended to the ledger again, as merged).
import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { FixPullRequestStatus, PrSuggestion } from "@rampart/contracts/fixes";
import type { Database } from "@rampart/db/client";
import { policyRuns, prSuggestions, repositories } from "@rampart/db/schema";
import { contentHash } from "@rampart/ledger";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { type CodeHost, FixRemoteError } from "../code-host/code-host.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { decodeCursor, encodeCursor } from "../http/page-cursor.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import type { FindingRow } from "../runs/runs.repo.ts";
import type { FixPlan, PlanResult, ReadFile } from "./fix-plans.ts";
import type { FixesRepo, PrSuggestionRow } from "./fixes.repo.ts";

const MAX_FILE_BYTES = 5 * 1024 * 1024;

const MAX_PR_NUMBER = 2_147_483_647; // the column is a PostgreSQL integer

/** A page cursor's key is the pull request number (unique per tenant). */
function decodePrCursor(cursor: string): { createdAt: Date; number: number } | undefined {
  const decoded = decodeCursor(cursor, (raw) =>
    /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= MAX_PR_NUMBER ? Number(raw) : undefined,
  );
  return decoded && { createdAt: decoded.createdAt, number: decoded.key };
}

/** Thrown inside the transaction when another request opened the same fix first. */
class AlreadyOpen extends Error {
  constructor(readonly existing: PrSuggestionRow) {
    super("already open");
  }
}

export function toPrSuggestion(row: PrSuggestionRow, repo: string): PrSuggestion {
  return {
    id: row.id,
    branchName: row.branchName,
    number: row.number,
    title: row.title,
    repo,
    url: row.url,
    state: row.state,
    merged: row.merged,
    accepted: row.accepted,
    createdAt: row.createdAt.toISOString(),
    aiExplainer: row.body,
    testsAdded: row.testsAdded,
    kind: row.kind,
    findingId: row.findingId,
    runId: row.runId,
  };
}

/** Reads repository-relative files of a workspace, never outside it (symlinks included). */
function workspaceReader(root: string): ReadFile {
  const realRoot = realpathSync(root);
  return (relative) => {
    const absolute = path.resolve(realRoot, relative);
    if (!absolute.startsWith(realRoot + path.sep)) return null;
    try {
      const real = realpathSync(absolute);
      if (!real.startsWith(realRoot + path.sep) || statSync(real).size > MAX_FILE_BYTES) return null;
      return readFileSync(real, "utf8");
    } catch {
      return null;
    }
  };
}

export function createFixesService(deps: {
  db: Database;
  repo: FixesRepo;
  codeHost: CodeHost;
  ledger: LedgerService;
  jobs: JobSender;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The suggestions as the API shows them, each with its repository's name. */
  async function withRepoNames(tenantId: string, rows: PrSuggestionRow[]): Promise<PrSuggestion[]> {
    if (rows.length === 0) return [];
    const names = new Map(
      (
        await db
          .select({ id: repositories.id, name: repositories.name })
          .from(repositories)
          .where(eq(repositories.tenantId, tenantId))
      ).map((row) => [row.id, row.name]),
    );
    return rows.map((row) => toPrSuggestion(row, names.get(row.repositoryId) ?? ""));
  }

  /**
   * Opens the fix `plan` computes for `finding` (or returns the fix already open for it). `plan`
   * gets the files the repository had at the finding's run; its refusal becomes a 409.
   */
  async function open(
    finding: FindingRow,
    plan: (readFile: ReadFile) => PlanResult,
  ): Promise<{ suggestion: PrSuggestionRow; created: boolean }> {
    const [run] = await db.select().from(policyRuns).where(eq(policyRuns.id, finding.runId));
    if (!run) throw new AppError("conflict", "The run of this finding no longer exists");
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, run.repositoryId));
    if (!repository) throw new AppError("conflict", "The repository of this finding no longer exists");
    const existing = await repo.openFixing(db, {
      tenantId: finding.tenantId,
      repositoryId: repository.id,
      fingerprint: finding.fingerprint,
    });
    if (existing) return { suggestion: existing, created: false };

    const planned = await planAtCommit(repository, run.commitSha, plan);
    const key = { tenantId: finding.tenantId, repositoryId: repository.id, fixKey: planned.fixKey };
    const at = now();
    try {
      const suggestion = await db.transaction(async (tx) => {
        const number = await repo.nextNumber(tx, finding.tenantId);
        // Asked again under the counter's lock: a concurrent request may have opened it meanwhile.
        const opened = await repo.openFor(tx, key);
        if (opened) throw new AlreadyOpen(opened);
        const branchName = `security/fix/${planned.slug}-${number}`;
        const pullRequest = await openOnHost(repository, {
          baseCommit: run.commitSha,
          branchName,
          title: planned.title,
          body: planned.body,
          changes: planned.changes.map((change) => ({ path: change.path, content: change.after })),
          at,
        });
        try {
          const [row] = await tx
            .insert(prSuggestions)
            .values({
              tenantId: finding.tenantId,
              repositoryId: repository.id,
              runId: run.id,
              findingId: finding.id,
              findingFingerprint: finding.fingerprint,
              fixKey: planned.fixKey,
              fixedFingerprints: planned.fixedFingerprints,
              ruleId: finding.ruleId,
              kind: planned.kind,
              number: pullRequest.number ?? number,
              branchName,
              title: planned.title,
              body: planned.body,
              patch: planned.patch,
              baseCommit: run.commitSha,
              headCommit: pullRequest.headSha,
              url: pullRequest.url,
              testsAdded: planned.testsAdded,
              createdAt: at,
              updatedAt: at,
            })
            .returning();
          await deps.ledger.append(tx, {
            tenantId: finding.tenantId,
            artifactType: "fix_pr",
            runId: run.id,
            createdAt: at,
            content: {
              kind: "fix-pull-request",
              prSuggestionId: row!.id,
              number: row!.number,
              status: row!.state,
              repositoryId: repository.id,
              repo: repository.name,
              runId: run.id,
              findingId: finding.id,
              findingFingerprint: finding.fingerprint,
              fixedFindingFingerprints: planned.fixedFingerprints,
              ruleId: finding.ruleId,
              fixKind: planned.kind,
              branchName,
              baseCommit: run.commitSha,
              headCommit: pullRequest.headSha,
              patchSha256: contentHash(planned.patch),
              files: planned.changes.map((change) => change.path),
              createdAt: at.toISOString(),
            },
          });
          return row!;
        } catch (error) {
          // The transaction rolls back; the branch it pushed must not outlive it.
          await deps.codeHost.discardFixBranch(repository, branchName);
          throw error;
        }
      });
      await deps.jobs.send(
        deps.ledger.verifyTenantJob,
        { tenantId: finding.tenantId },
        { singletonKey: finding.tenantId },
      );
      return { suggestion, created: true };
    } catch (error) {
      if (error instanceof AlreadyOpen) return { suggestion: error.existing, created: false };
      throw error;
    }
  }

  async function planAtCommit(
    repository: RepositoryRow,
    commitSha: string,
    plan: (readFile: ReadFile) => PlanResult,
  ): Promise<FixPlan> {
    const checkedOut = await deps.codeHost.workspace(repository, commitSha);
    if (!checkedOut.ok) {
      deps.logger?.warn({ repositoryId: repository.id, error: checkedOut.error }, "fix: checkout failed");
      throw new AppError("conflict", "The commit this finding was found in cannot be checked out");
    }
    const { workspace } = checkedOut;
    try {
      const result = plan(workspaceReader(workspace.root));
      if (!result.ok) throw new AppError("conflict", result.reason);
      return result.plan;
    } finally {
      workspace.dispose();
    }
  }

  async function openOnHost(repository: RepositoryRow, input: Parameters<CodeHost["openFixPullRequest"]>[1]) {
    try {
      return await deps.codeHost.openFixPullRequest(repository, input);
    } catch (error) {
      if (!(error instanceof FixRemoteError)) throw error;
      deps.logger?.warn({ repositoryId: repository.id, error: error.message }, "fix: code host refused");
      throw new AppError(
        "conflict",
        error.safe ? error.message : "The code host could not create the fix branch",
      );
    }
  }

  /** Marks the repository's open fixes merged whose head commit `commitSha` contains. */
  async function reconcile(input: { tenantId: string; repositoryId: string; commitSha: string }) {
    const open = await repo.openOfRepository(input.tenantId, input.repositoryId);
    if (open.length === 0) return;
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, input.repositoryId));
    if (!repository) return;
    for (const suggestion of open) {
      const merged = await deps.codeHost.isMerged(repository, {
        headSha: suggestion.headCommit,
        commit: input.commitSha,
      });
      if (!merged) continue;
      const at = now();
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(prSuggestions)
          .set({ state: "merged", merged: true, accepted: true, updatedAt: at })
          .where(and(eq(prSuggestions.id, suggestion.id), eq(prSuggestions.state, "open")))
          .returning();
        if (!updated) return; // merged by a concurrent reconciliation
        await deps.ledger.append(tx, {
          tenantId: input.tenantId,
          artifactType: "fix_pr",
          runId: suggestion.runId,
          createdAt: at,
          content: {
            kind: "fix-pull-request-merged",
            prSuggestionId: suggestion.id,
            // As on the opening artifact, so evidence by control finds both.
            ...(suggestion.findingId ? { findingId: suggestion.findingId } : {}),
            findingFingerprint: suggestion.findingFingerprint,
            ruleId: suggestion.ruleId,
            number: suggestion.number,
            status: "merged",
            repositoryId: repository.id,
            repo: repository.name,
            branchName: suggestion.branchName,
            headCommit: suggestion.headCommit,
            mergedInto: input.commitSha,
            createdAt: at.toISOString(),
          },
        });
      });
    }
  }

  const reconcileJob = defineJob({
    name: "fixes.reconcile",
    version: 1,
    payload: z.object({ tenantId: z.uuid(), repositoryId: z.uuid(), commitSha: z.string().min(1) }),
    queue: { retryLimit: 2 },
    handle: (payload) => reconcile(payload),
  });

  return {
    open,
    reconcile,
    reconcileJob,

    /**
     * Called after each recorded run: queues a merge check when the repository has open fixes.
     * Never throws: the run is already stored, and the repository's next run checks again.
     */
    async afterRun(run: { tenantId: string; repositoryId: string; commitSha: string }) {
      try {
        const open = await repo.openOfRepository(run.tenantId, run.repositoryId);
        if (open.length > 0) await deps.jobs.send(reconcileJob, run);
      } catch (error) {
        deps.logger?.warn(
          { repositoryId: run.repositoryId, error: String(error) },
          "fix merge check not queued",
        );
      }
    },

    /** The tenant's newest `limit` fix pull requests (the dashboard's list). */
    async list(tenantId: string, limit: number): Promise<PrSuggestion[]> {
      return withRepoNames(tenantId, await repo.list(tenantId, limit));
    },

    /** The PR Bot card's caption: of those opened since `since`, how many merged and still open. */
    activity: (tenantId: string, since: Date) => repo.activitySince(tenantId, since),

    /**
     * A page of the PR Bot list: `limit` from `cursor` on, and the cursor of the next page. Throws
     * a 400 for a cursor this list did not hand out.
     */
    async page(
      tenantId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<{ prSuggestions: PrSuggestion[]; nextCursor: string | null; total: number }> {
      const after = query.cursor ? decodePrCursor(query.cursor) : undefined;
      if (query.cursor && !after)
        throw new AppError("bad_request", "querystring.cursor: not a cursor of this list");
      // One row more than asked says whether a next page exists.
      const rows = await repo.list(tenantId, query.limit + 1, after);
      const shown = rows.slice(0, query.limit);
      const last = shown.at(-1);
      return {
        prSuggestions: await withRepoNames(tenantId, shown),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.number) : null,
        total: await repo.count(tenantId),
      };
    },
    /** The fix pull requests opened from a run's findings, for the run's detail. */
    async ofRun(tenantId: string, runId: string, repo: string): Promise<PrSuggestion[]> {
      return (await deps.repo.ofRun(tenantId, runId)).map((row) => toPrSuggestion(row, repo));
    },

    activeCount: (tenantId: string) => repo.openCount(tenantId),

    /**
     * The pull request fixing each of these findings, for lists that show it instead of "Create
     * Fix PR": an open one first, else the newest merged one (until the next scan drops the
     * finding), only of the finding's own repository.
     */
    async pullRequestsFixing(
      tenantId: string,
      found: readonly { repositoryId: string; fingerprint: string }[],
    ): Promise<(finding: { repositoryId: string; fingerprint: string }) => FixPullRequestStatus | null> {
      const rows = await repo.fixing(tenantId, [...new Set(found.map((finding) => finding.fingerprint))]);
      const byFinding = new Map<string, PrSuggestionRow>();
      for (const row of rows) {
        for (const fingerprint of row.fixedFingerprints) {
          const key = `${row.repositoryId}\u0000${fingerprint}`;
          const current = byFinding.get(key);
          if (!current || (current.state !== "open" && row.state === "open")) byFinding.set(key, row);
        }
      }
      return (finding) => {
        const row = byFinding.get(`${finding.repositoryId}\u0000${finding.fingerprint}`);
        return row
          ? { number: row.number, branchName: row.branchName, url: row.url, state: row.state }
          : null;
      };
    },
  };
}

export type FixesService = ReturnType<typeof createFixesService>;
