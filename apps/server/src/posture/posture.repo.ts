// The queries behind the dashboards. They read the per-run rollups (control_results, run counts)
// and touch findings only through the latest runs, so their cost does not grow with history.
import type { Database } from "@rampart/db/client";
import { controlResults, findings, findingTracks, policyRuns } from "@rampart/db/schema";
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";

const SEVERITY_RANK = sql`case ${findings.severity} when 'critical' then 0 when 'high' then 1 when 'med' then 2 else 3 end`;

export function createPostureRepo(db: Database) {
  return {
    /** The newest run of each repository created at or before `asOf`. */
    async latestRuns(tenantId: string, asOf?: Date) {
      return db
        .selectDistinctOn([policyRuns.repositoryId])
        .from(policyRuns)
        .where(and(eq(policyRuns.tenantId, tenantId), ...(asOf ? [lt(policyRuns.createdAt, asOf)] : [])))
        .orderBy(policyRuns.repositoryId, desc(policyRuns.createdAt), desc(policyRuns.id));
    },

    /** Runs created since `since`, oldest first: the history the posture chart replays. */
    runsSince: (tenantId: string, since: Date) =>
      db
        .select({ id: policyRuns.id, repositoryId: policyRuns.repositoryId, createdAt: policyRuns.createdAt })
        .from(policyRuns)
        .where(and(eq(policyRuns.tenantId, tenantId), gte(policyRuns.createdAt, since)))
        .orderBy(asc(policyRuns.createdAt)),

    recentRuns: (tenantId: string, limit: number) =>
      db
        .select()
        .from(policyRuns)
        .where(eq(policyRuns.tenantId, tenantId))
        .orderBy(desc(policyRuns.createdAt), desc(policyRuns.id))
        .limit(limit),

    controlResultsOf: (tenantId: string, runIds: string[]) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(controlResults)
            .where(and(eq(controlResults.tenantId, tenantId), inArray(controlResults.runId, runIds))),

    /** Open (failed, not waived) findings of the given runs, most severe first. */
    openFindings: (tenantId: string, runIds: string[], limit: number) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ finding: findings, run: policyRuns })
            .from(findings)
            .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
            .where(
              and(
                eq(findings.tenantId, tenantId),
                inArray(findings.runId, runIds),
                eq(findings.status, "fail"),
                isNull(findings.waiverId),
              ),
            )
            .orderBy(SEVERITY_RANK, desc(findings.createdAt), asc(findings.filePath), asc(findings.line))
            .limit(limit),

    /** Open findings of the given runs grouped by rule: the raw material of risks and the heatmap. */
    openByRule: (tenantId: string, runIds: string[]) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              ruleId: findings.ruleId,
              analyzer: findings.analyzer,
              severity: findings.severity,
              controlCode: findings.controlCode,
              count: sql<number>`count(*)::int`,
            })
            .from(findings)
            .where(
              and(
                eq(findings.tenantId, tenantId),
                inArray(findings.runId, runIds),
                eq(findings.status, "fail"),
                isNull(findings.waiverId),
              ),
            )
            .groupBy(findings.ruleId, findings.analyzer, findings.severity, findings.controlCode),

    fixedBetween: (tenantId: string, from: Date, to: Date) =>
      db
        .select({ firstSeenAt: findingTracks.firstSeenAt, fixedAt: findingTracks.fixedAt })
        .from(findingTracks)
        .where(
          and(
            eq(findingTracks.tenantId, tenantId),
            gte(findingTracks.fixedAt, from),
            lt(findingTracks.fixedAt, to),
          ),
        ) as Promise<{ firstSeenAt: Date; fixedAt: Date }[]>,

    countRuns: async (tenantId: string) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(policyRuns)
          .where(eq(policyRuns.tenantId, tenantId))
      )[0]?.count ?? 0,
  };
}

export type PostureRepo = ReturnType<typeof createPostureRepo>;
