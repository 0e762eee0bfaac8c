// Queries for runs and their findings, always filtered by tenant.
import type { FixPullRequestStatus } from "@rampart/contracts/fixes";
import type { Finding, Run, RunCounts, RunsQuery } from "@rampart/contracts/runs";
import type { Database } from "@rampart/db/client";
import { controlResults, findings, policyRuns, waivers } from "@rampart/db/schema";
import { getControl } from "@rampart/policy";
import { and, asc, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { fixAvailability } from "../fixes/fix-availability.ts";
import { decodeCursor as decodePageCursor, encodeCursor as encodePageCursor } from "../http/page-cursor.ts";

/**
 * Runs that evaluated their commit: only these stand for a repository's state (posture, waivers,
 * reports). A run that failed or was skipped before it scanned anything (with a reason) does not.
 */
export const evaluatedRun = (): SQL => isNull(policyRuns.reasonCode);

export type RunRow = typeof policyRuns.$inferSelect;
export type FindingRow = typeof findings.$inferSelect;

export function toRun(row: RunRow): Run {
  return {
    id: row.id,
    tenantId: row.tenantId,
    repositoryId: row.repositoryId,
    repo: row.repo,
    commitSha: row.commitSha,
    commitUrl: row.commitUrl,
    triggeredBy: row.triggeredBy,
    status: row.status,
    filesScanned: row.filesScanned,
    failedCount: row.failedCount,
    selfHash: row.selfHash,
    reason: row.reasonCode ? { code: row.reasonCode, message: row.reason ?? "" } : null,
    peakMemoryBytes: row.peakMemoryBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored finding as the API shows it, with whether it can be fixed and the pull request fixing it. */
export function toFinding(
  row: FindingRow,
  run: Pick<RunRow, "createdAt" | "commitSha" | "commitUrl" | "repo">,
  fixPullRequest: FixPullRequestStatus | null,
): Finding {
  const shown = (row.metadata ?? {}) as Finding["metadata"];
  return {
    id: row.id,
    runId: row.runId,
    controlId: row.controlCode,
    ruleId: row.ruleId,
    analyzer: row.analyzer,
    severity: row.severity,
    status: row.status,
    message: row.message,
    filePath: row.filePath,
    line: row.line,
    fingerprint: row.fingerprint,
    waived: row.waiverId !== null,
    metadata: { ...shown, ...(row.waiverId ? { waiverId: row.waiverId } : {}) },
    fix: fixAvailability(row),
    fixPullRequest,
    run: {
      createdAt: run.createdAt.toISOString(),
      commitSha: run.commitSha,
      commitUrl: run.commitUrl,
      repo: run.repo,
    },
  };
}

const DATE_RANGE_DAYS = { today: 1, week: 7, month: 30 } as const;

export function encodeCursor(row: Pick<RunRow, "createdAt" | "id">): string {
  return encodePageCursor(row.createdAt, row.id);
}

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const decoded = decodePageCursor(cursor, (raw) => (/^[0-9a-f-]{36}$/.test(raw) ? raw : undefined));
  return decoded && { createdAt: decoded.createdAt, id: decoded.key };
}

/** The list's filters (repository, status, date range, control) as conditions on policy runs. */
function filterConditions(tenantId: string, query: RunsQuery, now: Date): SQL[] {
  const conditions: SQL[] = [eq(policyRuns.tenantId, tenantId)];
  if (query.repo) conditions.push(ilike(policyRuns.repo, `%${query.repo.replace(/[%_\\]/g, "\\$&")}%`));
  if (query.status !== "all") conditions.push(eq(policyRuns.status, query.status));
  if (query.dateRange !== "all") {
    const since = new Date(now.getTime() - DATE_RANGE_DAYS[query.dateRange] * 86_400_000);
    conditions.push(gte(policyRuns.createdAt, since));
  }
  if (query.control) {
    // No run evaluates a control the image scan evidences, whatever older runs recorded for it.
    conditions.push(
      getControl(query.control)?.evidencedBy === "image-scan"
        ? sql`false`
        : sql`exists (select 1 from ${controlResults} where ${controlResults.runId} = ${policyRuns.id} and ${controlResults.controlCode} = ${query.control})`,
    );
  }
  return conditions;
}

export function createRunsRepo(db: Database) {
  return {
    async list(tenantId: string, query: RunsQuery, now: Date, cursor?: { createdAt: Date; id: string }) {
      const conditions = filterConditions(tenantId, query, now);
      if (cursor) {
        conditions.push(
          or(
            lt(policyRuns.createdAt, cursor.createdAt),
            and(eq(policyRuns.createdAt, cursor.createdAt), lt(policyRuns.id, cursor.id)),
          )!,
        );
      }
      const rows = await db
        .select()
        .from(policyRuns)
        .where(and(...conditions))
        .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { rows: page, nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    /** How many runs match the filters, in all and by status: what every page of the list holds. */
    async countMatching(tenantId: string, query: RunsQuery, now: Date): Promise<RunCounts> {
      const rows = await db
        .select({ status: policyRuns.status, count: sql<number>`count(*)::int` })
        .from(policyRuns)
        .where(and(...filterConditions(tenantId, query, now)))
        .groupBy(policyRuns.status);
      const counts: RunCounts = { total: 0, pass: 0, fail: 0, skip: 0 };
      for (const row of rows) {
        counts[row.status] += row.count;
        counts.total += row.count;
      }
      return counts;
    },

    find: async (tenantId: string, runId: string) =>
      (
        await db
          .select()
          .from(policyRuns)
          .where(and(eq(policyRuns.tenantId, tenantId), eq(policyRuns.id, runId)))
      )[0],

    /** A run by id regardless of tenant: the caller must check access to `tenantId` next. */
    findAnyTenant: async (runId: string) =>
      (await db.select().from(policyRuns).where(eq(policyRuns.id, runId)))[0],

    findingsOfRun: (tenantId: string, runId: string) =>
      db
        .select()
        .from(findings)
        .where(and(eq(findings.tenantId, tenantId), eq(findings.runId, runId)))
        .orderBy(asc(findings.status), asc(findings.filePath), asc(findings.line)),

    waiversOf: (tenantId: string, ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(waivers)
            .where(and(eq(waivers.tenantId, tenantId), sql`${waivers.id} in ${ids}`)),

    /** The newest finding rows that are open (failed and not waived) across the tenant. */
    recentOpenFindings: (tenantId: string, limit: number) =>
      db
        .select({ finding: findings, run: policyRuns })
        .from(findings)
        .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
        .where(and(eq(findings.tenantId, tenantId), eq(findings.status, "fail"), isNull(findings.waiverId)))
        .orderBy(desc(findings.createdAt))
        .limit(limit),
  };
}

export type RunsRepo = ReturnType<typeof createRunsRepo>;
