// Opens fix pull requests: plans the change from a stored finding and the files of the commit it
// was found in, then, in one transaction, takes the tenant's next PR number, has the code host
// push the `security/fix/<slug>` branch, records the suggestion and appends a `fix_pr` artifact
// to the tenant's evidence ledger. A finding that an open pull request already fixes gets that
// one back (rebuilt on a newer commit when asked from a newer run). Dependency fixes are grouped
// per repository and ecosystem (fix-groups.ts): one that has an open group pull request is added
// to it, so an upgrade is never in two pull requests.
// After each scan, open fixes whose commit is now in the scanned history become merged (and are
// appended to the ledger again, as merged).
import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import type { FixPullRequestStatus, PrSuggestion } from "@rampart/contracts/fixes";
import type { Database } from "@rampart/db/client";
import { findings, policyRuns, prSuggestions, repositories } from "@rampart/db/schema";
import { contentHash } from "@rampart/ledger";
import { and, eq, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import { type CodeHost, FixRemoteError } from "../code-host/code-host.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { decodeCursor, encodeCursor } from "../http/page-cursor.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import type { FindingRow } from "../runs/runs.repo.ts";
import type { FixPlan, PlanResult, ReadFile } from "./fix-plans.ts";
import { controlsOf, fixPullRequestBody } from "./fix-pull-request-body.ts";
import type { FixesRepo, PrSuggestionRow } from "./fixes.repo.ts";
import { verifyFix } from "./verify-fix.ts";

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

/** Thrown inside the transaction when a concurrent request changed the pull request first. */
class ChangedMeanwhile extends Error {
  constructor() {
    super("changed meanwhile");
  }
}

/** How often a request plans again after concurrent ones changed its pull request. */
const MAX_ATTEMPTS = 3;

/**
 * What 'Create Fix PR' asks of the service: the plan at a run's commit, given the finding as that
 * run has it, the run's failed findings and the findings the pull request it goes into fixes
 * now; and `group`, the fix key of the pull request it joins when its kind of fix is grouped
 * (fix-groups.ts), absent when each change gets its own.
 */
export interface FixPlanner {
  group?: string;
  plan(at: {
    finding: FindingRow;
    runFindings: readonly FindingRow[];
    grouped: ReadonlySet<string>;
    readFile: ReadFile;
  }): PlanResult;
}

export function toPrSuggestion(row: PrSuggestionRow, repo: string): PrSuggestion {
  return {
    id: row.id,
    branchName: row.branchName,
    number: row.hostNumber ?? row.number,
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
export function workspaceReader(root: string): ReadFile {
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
  /** Advisory data for the re-scan that checks a fix, as a run's scan has it. */
  advisories: Pick<AdvisoryStore, "sourceFor">;
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
   * Opens the fix `planner` plans for `finding`, or updates the open pull request it belongs in:
   * the one that already fixes this finding, else (grouped fixes) the group's. An update rebuilds
   * the branch as one commit on the newer of the finding's run and the pull request's, with every
   * change of the pull request planned again there, and rewrites the description. The planner's
   * refusal becomes a 409, and so does a change that the re-scan of the patched files does not
   * show to fix its findings. A request that finds the pull request changed by a concurrent one
   * plans again on what that one left.
   */
  async function open(
    finding: FindingRow,
    planner: FixPlanner,
  ): Promise<{ suggestion: PrSuggestionRow; created: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await openOnce(finding, planner);
      } catch (error) {
        if (!(error instanceof ChangedMeanwhile)) throw error;
        if (attempt >= MAX_ATTEMPTS)
          throw new AppError(
            "conflict",
            "The fix pull request kept changing while this fix was added to it; try again",
          );
      }
    }
  }

  async function runOf(runId: string) {
    const [run] = await db.select().from(policyRuns).where(eq(policyRuns.id, runId));
    return run;
  }

  async function openOnce(
    finding: FindingRow,
    planner: FixPlanner,
  ): Promise<{ suggestion: PrSuggestionRow; created: boolean }> {
    const run = await runOf(finding.runId);
    if (!run) throw new AppError("conflict", "The run of this finding no longer exists");
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, run.repositoryId));
    if (!repository) throw new AppError("conflict", "The repository of this finding no longer exists");
    const inRepository = { tenantId: finding.tenantId, repositoryId: repository.id };
    const existing = await repo.openFixing(db, { ...inRepository, fingerprint: finding.fingerprint });
    // Opened before fixes were grouped: it already fixes this finding and is left as it is, so
    // that no change is in two pull requests.
    if (existing && planner.group && existing.fixKey !== planner.group)
      return { suggestion: existing, created: false };
    const target =
      existing ??
      (planner.group ? await repo.openFor(db, { ...inRepository, fixKey: planner.group }) : undefined);
    // Never back to an older commit: the changes the pull request took from a newer scan would
    // be lost.
    const targetRun = target && target.runId !== run.id ? await runOf(target.runId) : undefined;
    const base = targetRun && targetRun.createdAt > run.createdAt ? targetRun : run;
    // Asked again about the commit it was made for: that pull request is this fix.
    if (existing && existing.baseCommit === base.commitSha) return { suggestion: existing, created: false };
    const requested = base.id === run.id ? finding : await failedIn(base.id, finding.fingerprint);
    if (!requested)
      throw new AppError(
        "conflict",
        `The fix pull request is built on a newer scan (commit ${base.commitSha.slice(0, 12)}), which no longer reports this finding`,
      );

    const { plan: planned, body } = await planAtCommit(
      repository,
      base,
      requested,
      planner,
      target?.fixedFingerprints ?? [],
    );
    const key = { ...inRepository, fixKey: planned.fixKey };
    const at = now();
    const fields = {
      runId: base.id,
      findingId: requested.id,
      findingFingerprint: requested.fingerprint,
      fixKey: planned.fixKey,
      fixedFingerprints: planned.fixedFingerprints,
      ruleId: requested.ruleId,
      kind: planned.kind,
      title: planned.title,
      body,
      patch: planned.patch,
      baseCommit: base.commitSha,
      testsAdded: planned.testsAdded,
      updatedAt: at,
    };
    const artifact = (kind: string, row: PrSuggestionRow) => ({
      tenantId: finding.tenantId,
      artifactType: "fix_pr" as const,
      runId: base.id,
      createdAt: at,
      content: {
        kind,
        prSuggestionId: row.id,
        number: row.number,
        ...(row.hostNumber !== null ? { hostNumber: row.hostNumber, url: row.url } : {}),
        status: row.state,
        repositoryId: repository.id,
        repo: repository.name,
        runId: base.id,
        findingId: requested.id,
        findingFingerprint: requested.fingerprint,
        fixedFindingFingerprints: planned.fixedFingerprints,
        ruleId: requested.ruleId,
        fixKind: planned.kind,
        fixKey: planned.fixKey,
        ...(planned.upgrades
          ? {
              upgrades: planned.upgrades.map((upgrade) => ({
                package: upgrade.name,
                file: upgrade.filePath,
                from: upgrade.from,
                to: upgrade.to,
                advisories: upgrade.advisories,
              })),
            }
          : {}),
        branchName: row.branchName,
        baseCommit: base.commitSha,
        headCommit: row.headCommit,
        patchSha256: contentHash(planned.patch),
        files: planned.changes.map((change) => change.path),
        createdAt: at.toISOString(),
      },
    });
    const fixTarget = await onHost(repository, () => deps.codeHost.fixTarget(repository));
    const hostInput = {
      baseCommit: base.commitSha,
      title: planned.title,
      body,
      changes: planned.changes.map((change) => ({ path: change.path, content: change.after })),
      at,
    };
    /** Another request got there first: its pull request is this fix, or this one plans again. */
    const madeMeanwhile = (row: PrSuggestionRow) =>
      row.baseCommit === base.commitSha &&
      planned.fixedFingerprints.every((fingerprint) => row.fixedFingerprints.includes(fingerprint))
        ? new AlreadyOpen(row)
        : new ChangedMeanwhile();
    try {
      const outcome = await db.transaction(async (tx) => {
        if (target) {
          // Locked until the transaction ends: a concurrent request for the same pull request
          // waits, then finds it changed and plans again on what this one left.
          const current = await repo.lockOpen(tx, target.id);
          if (current) {
            if (
              current.headCommit !== target.headCommit ||
              current.updatedAt.getTime() !== target.updatedAt.getTime()
            )
              throw madeMeanwhile(current);
            const pullRequest = await onHost(repository, () =>
              fixTarget.open({
                ...hostInput,
                branchName: current.branchName,
                replacing: current.headCommit,
              }),
            );
            const [row] = await tx
              .update(prSuggestions)
              .set({
                ...fields,
                headCommit: pullRequest.headSha,
                url: pullRequest.url,
                hostNumber: pullRequest.number ?? null,
              })
              .where(eq(prSuggestions.id, current.id))
              .returning();
            await deps.ledger.append(tx, artifact("fix-pull-request-updated", row!));
            return { row: row!, created: false };
          }
          // Merged or closed meanwhile: planned again without it, this becomes a new pull
          // request (with only the changes its own scan still needs).
          throw new ChangedMeanwhile();
        }
        const number = await repo.nextNumber(tx, finding.tenantId);
        // Asked again under the counter's lock: a concurrent request may have opened it meanwhile.
        const opened = await repo.openFor(tx, key);
        if (opened) throw madeMeanwhile(opened);
        const branchName = `security/fix/${planned.slug}-${number}`;
        const pullRequest = await onHost(repository, () => fixTarget.open({ ...hostInput, branchName }));
        try {
          const [row] = await tx
            .insert(prSuggestions)
            .values({
              ...fields,
              tenantId: finding.tenantId,
              repositoryId: repository.id,
              number,
              hostNumber: pullRequest.number ?? null,
              branchName,
              headCommit: pullRequest.headSha,
              url: pullRequest.url,
              createdAt: at,
            })
            .returning();
          await deps.ledger.append(tx, artifact("fix-pull-request", row!));
          return { row: row!, created: true };
        } catch (error) {
          // The transaction rolls back; the branch it pushed must not outlive it.
          await fixTarget.discard(branchName);
          throw error;
        }
      });
      await deps.jobs.send(
        deps.ledger.verifyTenantJob,
        { tenantId: finding.tenantId },
        { singletonKey: finding.tenantId },
      );
      return { suggestion: outcome.row, created: outcome.created };
    } catch (error) {
      if (error instanceof AlreadyOpen) return { suggestion: error.existing, created: false };
      throw error;
    }
  }

  /** The failed finding with this fingerprint in a run, if the run reports it. */
  async function failedIn(runId: string, fingerprint: string): Promise<FindingRow | undefined> {
    const [row] = await db
      .select()
      .from(findings)
      .where(
        and(eq(findings.runId, runId), eq(findings.fingerprint, fingerprint), eq(findings.status, "fail")),
      )
      .limit(1);
    return row;
  }

  /**
   * The plan at the run's commit and the pull request's description, once the re-scan of the
   * patched files has shown the planned findings gone. `grouped` are the findings the pull
   * request this fix goes into fixes now.
   */
  async function planAtCommit(
    repository: RepositoryRow,
    run: { id: string; commitSha: string },
    finding: FindingRow,
    planner: FixPlanner,
    grouped: readonly string[],
  ): Promise<{ plan: FixPlan; body: string }> {
    const checkedOut = await deps.codeHost.workspace(repository, run.commitSha);
    if (!checkedOut.ok) {
      deps.logger?.warn({ repositoryId: repository.id, error: checkedOut.error }, "fix: checkout failed");
      throw new AppError("conflict", "The commit this finding was found in cannot be checked out");
    }
    const { workspace } = checkedOut;
    try {
      const runFindings = await db
        .select()
        .from(findings)
        .where(and(eq(findings.runId, run.id), eq(findings.status, "fail")));
      const result = planner.plan({
        finding,
        runFindings,
        grouped: new Set(grouped),
        readFile: workspaceReader(workspace.root),
      });
      if (!result.ok) throw new AppError("conflict", result.reason);
      const verification = await verifyFix({
        workspaceRoot: workspace.root,
        changes: result.plan.changes,
        fixedFingerprints: result.plan.fixedFingerprints,
        before: new Set(runFindings.map((row) => row.fingerprint)),
        advisories: deps.advisories,
      });
      if (verification.remaining.length > 0)
        throw new AppError(
          "conflict",
          "Rampart scanned the files with this fix applied and the finding is still reported, so no pull request was opened",
        );
      const body = fixPullRequestBody({
        plan: result.plan,
        controls: result.plan.controls ?? controlsOf(finding.metadata),
        baseCommit: run.commitSha,
        verification,
      });
      return { plan: result.plan, body };
    } finally {
      workspace.dispose();
    }
  }

  /** What the code host does, its refusals in words for the user (a 409). */
  async function onHost<T>(repository: RepositoryRow, action: () => Promise<T>): Promise<T> {
    try {
      return await action();
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

  /**
   * What a code host's webhook says of one of its pull requests: merged (whatever the merge
   * method: a squash or rebase merge leaves the branch's head out of the history, so only the
   * host can tell), closed without merging, or reopened. Answers whether the pull request is one
   * of Rampart's fixes; each change of state is appended to the ledger.
   */
  async function onHostPullRequest(input: {
    tenantId: string;
    repositoryId: string;
    number: number;
    state: FixPullRequestStatus["state"];
    mergeCommit?: string | null;
  }): Promise<boolean> {
    const row = await repo.byHostNumber(input.tenantId, input.repositoryId, input.number);
    if (!row) return false;
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, input.repositoryId));
    if (!repository) return false;
    const at = now();
    await db.transaction(async (tx) => {
      if (input.state === "open") {
        // One open pull request per change: a reopened one whose change was opened again since
        // stays closed here, and the newer one is the fix.
        const other = await repo.openFor(tx, row);
        if (other && other.id !== row.id) {
          deps.logger?.info(
            { prSuggestionId: row.id },
            "fix: reopened, but its change has another open pull request",
          );
          return;
        }
      }
      const merged = input.state === "merged";
      const [updated] = await tx
        .update(prSuggestions)
        .set({ state: input.state, merged, accepted: merged, updatedAt: at })
        .where(and(eq(prSuggestions.id, row.id), ne(prSuggestions.state, input.state)))
        .returning();
      if (!updated) return; // already in that state (a redelivery, or the merge found by a scan)
      await deps.ledger.append(tx, {
        tenantId: input.tenantId,
        artifactType: "fix_pr",
        runId: row.runId,
        createdAt: at,
        content: {
          kind: input.state === "open" ? "fix-pull-request-reopened" : `fix-pull-request-${input.state}`,
          prSuggestionId: row.id,
          ...(row.findingId ? { findingId: row.findingId } : {}),
          findingFingerprint: row.findingFingerprint,
          ruleId: row.ruleId,
          number: row.number,
          hostNumber: input.number,
          ...(row.url ? { url: row.url } : {}),
          status: input.state,
          repositoryId: repository.id,
          repo: repository.name,
          branchName: row.branchName,
          headCommit: row.headCommit,
          ...(merged && input.mergeCommit ? { mergedInto: input.mergeCommit } : {}),
          createdAt: at.toISOString(),
        },
      });
    });
    return true;
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
    onHostPullRequest,
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
          ? {
              number: row.hostNumber ?? row.number,
              branchName: row.branchName,
              url: row.url,
              state: row.state,
            }
          : null;
      };
    },
  };
}

export type FixesService = ReturnType<typeof createFixesService>;
