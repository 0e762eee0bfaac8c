// Pull-request scans, for any connected code host. Each push to a pull request becomes a row and a
// job that starts a check on the head commit, finds the commit to compare with (the merge base),
// reuses its stored run or scans it, and scans the head (`pr:<number>`). When both runs are in, a
// report job (one at a time per pull request) completes the check by the tenant's gate, updates
// the pull request's one summary comment and suggests the mechanical fixes on changed lines.
import type { Database } from "@rampart/db/client";
import { findings, policyRuns, pullRequestScans, repositories, scans, tenants } from "@rampart/db/schema";
import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { RemoteCodeHost, RemoteSession } from "../code-host/remote-code-host.ts";
import { AppError } from "../errors.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { pullRequestBaseTrigger, pullRequestTrigger } from "../runs/run-triggers.ts";
import type { RecordedRun, ScanRow, ScanService } from "../runs/scan.service.ts";
import {
  buildPullRequestReport,
  CHECK_NAME,
  COMMENT_MARKER,
  type GateSeverity,
  type ReportFinding,
} from "./pull-request-report.ts";

export type PullRequestScanRow = typeof pullRequestScans.$inferSelect;

const jobPayload = z.object({ tenantId: z.uuid(), pullRequestScanId: z.uuid() });

/** A check that cannot judge the commit fails: a gate that passes whatever it cannot see is no gate. */
const UNJUDGED = "failure" as const;

export interface PullRequestPush {
  tenantId: string;
  repository: RepositoryRow;
  number: number;
  headSha: string;
  baseSha: string;
  baseRef: string;
}

export function createPullRequestScansService(deps: {
  db: Database;
  jobs: JobSender;
  scans: Pick<ScanService, "requestWithinQuota" | "find">;
  host: RemoteCodeHost;
  /** The tenant's connection to the host (its installation), or undefined when it has none. */
  connectionOf: (tenantId: string) => Promise<string | undefined>;
  /** Where users reach Rampart, for links from the pull request back to the run. */
  publicUrl?: string | undefined;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const startJob = defineJob({
    name: "pull-requests.start",
    version: 1,
    payload: jobPayload,
    queue: { retryLimit: 3, retryDelay: 15, retryBackoff: true },
    handle: ({ pullRequestScanId }) => start(pullRequestScanId),
    onFailed: ({ pullRequestScanId }) =>
      fail(pullRequestScanId, "Rampart could not start this scan: the code host did not answer"),
  });

  // One report at a time per pull request, so two pushes never write the comment at once.
  const reportJob = defineJob({
    name: "pull-requests.report",
    version: 1,
    payload: jobPayload,
    queue: { policy: "singleton", retryLimit: 3, retryDelay: 15, retryBackoff: true },
    handle: ({ pullRequestScanId }) => report(pullRequestScanId),
  });

  const find = async (id: string) =>
    (await db.select().from(pullRequestScans).where(eq(pullRequestScans.id, id)))[0];
  const update = (id: string, values: Partial<PullRequestScanRow>) =>
    db.update(pullRequestScans).set(values).where(eq(pullRequestScans.id, id));
  const sendReport = (row: Pick<PullRequestScanRow, "id" | "tenantId" | "repositoryId" | "number">) =>
    deps.jobs.send(
      reportJob,
      { tenantId: row.tenantId, pullRequestScanId: row.id },
      { singletonKey: `${row.repositoryId}:${row.number}` },
    );

  async function sessionFor(tenantId: string): Promise<RemoteSession> {
    const connection = await deps.connectionOf(tenantId);
    if (!connection)
      throw new AppError("conflict", "The organization is no longer connected to the code host");
    return deps.host.connect(connection);
  }

  async function repositoryOf(row: PullRequestScanRow): Promise<RepositoryRow | undefined> {
    return (await db.select().from(repositories).where(eq(repositories.id, row.repositoryId)))[0];
  }

  const runUrl = (runId: string | null | undefined) =>
    deps.publicUrl && runId ? `${deps.publicUrl.replace(/\/+$/, "")}/runs?run=${runId}` : undefined;

  /** Completes the check with a failure that is not a finding, and closes the row. */
  async function fail(id: string, reason: string) {
    const row = await find(id);
    if (row?.state !== "scanning") return;
    await update(id, { state: "failed", error: reason, reportedAt: now() });
    if (!row.checkRunId) return;
    const repository = await repositoryOf(row);
    if (!repository) return;
    try {
      const session = await sessionFor(row.tenantId);
      await session.completeCheck(repository.location, row.checkRunId, {
        conclusion: UNJUDGED,
        title: "The scan could not run",
        summary: `${reason}.\n\nRe-run this check to try again.`,
        annotations: [],
      });
    } catch {
      // The host cannot be told now; the row says why.
    }
  }

  async function start(id: string) {
    const row = await find(id);
    if (row?.state !== "scanning") return;
    const repository = await repositoryOf(row);
    if (!repository || repository.archivedAt) {
      await update(id, {
        state: "failed",
        error: "The repository was removed from Rampart",
        reportedAt: now(),
      });
      return;
    }
    const session = await sessionFor(row.tenantId);
    let checkRunId = row.checkRunId;
    if (!checkRunId) {
      const detailsUrl = deps.publicUrl ? `${deps.publicUrl.replace(/\/+$/, "")}/runs` : undefined;
      checkRunId = await session.startCheck(repository.location, {
        headSha: row.headSha,
        name: CHECK_NAME,
        ...(detailsUrl ? { detailsUrl } : {}),
      });
      await update(id, { checkRunId });
    }
    const compareSha = row.compareSha ?? (await mergeBase(session, repository, row));
    try {
      const base = row.baseRunId || row.baseScanId ? {} : await baseOf(row, repository, compareSha);
      const headScanId =
        row.headScanId ??
        (
          await deps.scans.requestWithinQuota({
            tenantId: row.tenantId,
            repositoryId: row.repositoryId,
            triggeredBy: pullRequestTrigger(row.number),
            ref: row.headSha,
          })
        ).id;
      await update(id, { compareSha, headScanId, ...base });
    } catch (error) {
      if (error instanceof AppError && error.code === "rate_limited") {
        await update(id, { compareSha, checkRunId });
        await fail(id, error.message);
        return;
      }
      throw error;
    }
    // The scans may have finished already; the report waits for whatever has not.
    await sendReport(row);
  }

  /** The commit base and head were last common at; the base itself when the host cannot say. */
  async function mergeBase(session: RemoteSession, repository: RepositoryRow, row: PullRequestScanRow) {
    try {
      return await session.mergeBase(repository.location, row.baseSha, row.headSha);
    } catch {
      return row.baseSha;
    }
  }

  /** A stored run of the compared commit, a scan of it under way, or a new scan of it. */
  async function baseOf(
    row: PullRequestScanRow,
    repository: RepositoryRow,
    compareSha: string,
  ): Promise<{ baseRunId: string } | { baseScanId: string }> {
    const [run] = await db
      .select({ id: policyRuns.id })
      .from(policyRuns)
      .where(and(eq(policyRuns.repositoryId, repository.id), eq(policyRuns.commitSha, compareSha)))
      .orderBy(desc(policyRuns.createdAt))
      .limit(1);
    if (run) return { baseRunId: run.id };
    const [active] = await db
      .select({ id: scans.id })
      .from(scans)
      .where(
        and(
          eq(scans.repositoryId, repository.id),
          eq(scans.ref, compareSha),
          inArray(scans.state, ["queued", "running"]),
        ),
      )
      .limit(1);
    if (active) return { baseScanId: active.id };
    const scan = await deps.scans.requestWithinQuota({
      tenantId: row.tenantId,
      repositoryId: repository.id,
      triggeredBy: pullRequestBaseTrigger(row.number),
      ref: compareSha,
    });
    return { baseScanId: scan.id };
  }

  const findingsOf = async (runId: string): Promise<ReportFinding[]> =>
    (await db.select().from(findings).where(eq(findings.runId, runId))).map((finding) => ({
      fingerprint: finding.fingerprint,
      ruleId: finding.ruleId,
      severity: finding.severity,
      status: finding.status,
      waiverId: finding.waiverId,
      controlCode: finding.controlCode,
      message: finding.message,
      filePath: finding.filePath,
      line: finding.line,
      metadata: finding.metadata as ReportFinding["metadata"],
    }));

  const settled = (scan: ScanRow | undefined) =>
    !scan || scan.state === "completed" || scan.state === "failed";

  async function report(id: string) {
    const row = await find(id);
    if (!row) return;
    if (row.state === "closed") return cancel(row);
    if (row.state !== "scanning" || !row.headScanId) return;
    const head = await deps.scans.find(row.headScanId);
    const baseScan = row.baseScanId ? await deps.scans.find(row.baseScanId) : undefined;
    if (!settled(head) || (!row.baseRunId && !settled(baseScan))) return;
    if (!head || head.state === "failed" || !head.runId)
      return fail(id, `The scan of this commit failed: ${head?.error ?? "it was removed"}`);
    const baseRunId = row.baseRunId ?? (baseScan?.state === "completed" ? baseScan.runId : null);

    const repository = await repositoryOf(row);
    if (!repository) return;
    const [tenant] = await db
      .select({ gate: tenants.prGateSeverity })
      .from(tenants)
      .where(eq(tenants.id, row.tenantId));
    const session = await sessionFor(row.tenantId);
    const built = buildPullRequestReport({
      headSha: row.headSha,
      compareSha: row.compareSha,
      head: await findingsOf(head.runId),
      base: baseRunId ? await findingsOf(baseRunId) : null,
      changedFiles: await session.changedFiles(repository.location, row.number),
      gate: (tenant?.gate ?? "high") as GateSeverity,
      ...(runUrl(head.runId) ? { runUrl: runUrl(head.runId)! } : {}),
    });
    const checkRunId =
      row.checkRunId ??
      (await session.startCheck(repository.location, { headSha: row.headSha, name: CHECK_NAME }));
    await session.completeCheck(repository.location, checkRunId, built);
    // Only the newest push speaks in the comment and the suggestions; an older one keeps its check.
    if (await isNewest(row)) {
      await session.upsertPullRequestComment(repository.location, row.number, {
        marker: COMMENT_MARKER,
        body: built.comment,
      });
      await session.suggestChanges(repository.location, row.number, row.headSha, built.suggestions);
    }
    await update(id, { state: "reported", checkRunId, baseRunId, reportedAt: now(), error: null });
  }

  async function isNewest(row: PullRequestScanRow): Promise<boolean> {
    const [newest] = await db
      .select({ id: pullRequestScans.id })
      .from(pullRequestScans)
      .where(
        and(
          eq(pullRequestScans.tenantId, row.tenantId),
          eq(pullRequestScans.repositoryId, row.repositoryId),
          eq(pullRequestScans.number, row.number),
        ),
      )
      .orderBy(desc(pullRequestScans.createdAt), desc(pullRequestScans.id))
      .limit(1);
    return newest?.id === row.id;
  }

  /** A pull request closed while its scan ran: its check is completed as neutral, nothing more. */
  async function cancel(row: PullRequestScanRow) {
    await update(row.id, { state: "failed", error: "The pull request was closed", reportedAt: now() });
    const repository = await repositoryOf(row);
    if (!row.checkRunId || !repository) return;
    const session = await sessionFor(row.tenantId);
    await session.completeCheck(repository.location, row.checkRunId, {
      conclusion: "neutral",
      title: "The pull request was closed",
      summary: "The pull request was closed before its scan was reported.",
      annotations: [],
    });
  }

  return {
    startJob,
    reportJob,

    /** A pull request was opened, reopened or pushed to: its head is scanned and reported. */
    async onPush(push: PullRequestPush): Promise<PullRequestScanRow> {
      const [row] = await db
        .insert(pullRequestScans)
        .values({
          tenantId: push.tenantId,
          repositoryId: push.repository.id,
          number: push.number,
          headSha: push.headSha,
          baseSha: push.baseSha,
          baseRef: push.baseRef,
        })
        .returning();
      await deps.jobs.send(startJob, { tenantId: push.tenantId, pullRequestScanId: row!.id });
      return row!;
    },

    /** The pull request was closed (merged or not): scans still running are not reported. */
    async onClosed(tenantId: string, repositoryId: string, number: number) {
      const closed = await db
        .update(pullRequestScans)
        .set({ state: "closed" })
        .where(
          and(
            eq(pullRequestScans.tenantId, tenantId),
            eq(pullRequestScans.repositoryId, repositoryId),
            eq(pullRequestScans.number, number),
            eq(pullRequestScans.state, "scanning"),
          ),
        )
        .returning();
      for (const row of closed) await sendReport(row);
      return closed.length;
    },

    /** The latest scan of this pull request at `headSha`, to run again (a re-run requested on the host). */
    async latestAt(tenantId: string, repositoryId: string, headSha: string, number?: number) {
      const [row] = await db
        .select()
        .from(pullRequestScans)
        .where(
          and(
            eq(pullRequestScans.tenantId, tenantId),
            eq(pullRequestScans.repositoryId, repositoryId),
            eq(pullRequestScans.headSha, headSha),
            ...(number !== undefined ? [eq(pullRequestScans.number, number)] : []),
          ),
        )
        .orderBy(desc(pullRequestScans.createdAt))
        .limit(1);
      return row;
    },

    /** A scan finished: the pull-request scans waiting for it report if they have all they need. */
    async afterScan(scan: Pick<RecordedRun, "tenantId" | "scanId">) {
      const waiting = await db
        .select()
        .from(pullRequestScans)
        .where(
          and(
            eq(pullRequestScans.tenantId, scan.tenantId),
            or(eq(pullRequestScans.headScanId, scan.scanId), eq(pullRequestScans.baseScanId, scan.scanId)),
            inArray(pullRequestScans.state, ["scanning", "closed"]),
            isNull(pullRequestScans.reportedAt),
          ),
        );
      for (const row of waiting) await sendReport(row);
    },
  };
}

export type PullRequestScansService = ReturnType<typeof createPullRequestScansService>;
