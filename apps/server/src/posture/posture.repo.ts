// The queries behind the dashboards. They read the per-run rollups (control_results, run counts)
// and touch findings only through the latest runs, so their cost does not grow with history.
import type { Severity } from "@rampart/contracts/common";
import type { DriftStats } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import {
  containerFindings,
  containerImages,
  controlResults,
  environmentSyncs,
  evidenceArtifacts,
  findings,
  findingTracks,
  openRuleCounts,
  policyRuns,
  repositories,
} from "@rampart/db/schema";
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import { findingCountsForControl, findingOutcomeIs } from "../findings/finding-controls.ts";
import { isBranchRun } from "../runs/run-triggers.ts";
import { evaluatedRun } from "../runs/runs.repo.ts";
import type { EnvironmentSyncResult } from "./control-evidence.ts";

// Identical to the expression of the index findings_open_ranked_by_run, or the planner ignores it.
const SEVERITY_RANK = sql`(case ${findings.severity} when 'critical' then 0 when 'high' then 1 when 'med' then 2 else 3 end)`;
const SEVERITY_ORDER: readonly Severity[] = ["critical", "high", "med", "low"];

export function createPostureRepo(db: Database) {
  return {
    /**
     * Controls with a failed, unwaived finding in any evaluated branch run created in [from, to):
     * over a Type II window a control must have held throughout, so one failing run fails it.
     */
    async controlsFailingBetween(tenantId: string, from: Date, to: Date): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ controlCode: openRuleCounts.controlCode })
        .from(openRuleCounts)
        .innerJoin(policyRuns, eq(policyRuns.id, openRuleCounts.runId))
        .where(
          and(
            eq(policyRuns.tenantId, tenantId),
            evaluatedRun(),
            isBranchRun(),
            gte(policyRuns.createdAt, from),
            lt(policyRuns.createdAt, to),
          ),
        );
      return new Set(rows.map((row) => row.controlCode));
    },

    /**
     * The newest evaluated branch run of each repository created before `asOf` (or now), leaving out
     * repositories removed by then: their history stays, but they no longer count in the posture.
     * A scan that failed or was skipped says nothing of the code: the run before it still stands.
     */
    async latestRuns(tenantId: string, asOf?: Date) {
      const removed = db
        .select({ id: repositories.id })
        .from(repositories)
        .where(
          and(
            eq(repositories.tenantId, tenantId),
            asOf ? lt(repositories.archivedAt, asOf) : isNotNull(repositories.archivedAt),
          ),
        );
      return db
        .selectDistinctOn([policyRuns.repositoryId])
        .from(policyRuns)
        .where(
          and(
            eq(policyRuns.tenantId, tenantId),
            evaluatedRun(),
            notInArray(policyRuns.repositoryId, removed),
            // A pull request's head is not the repository's state until it is merged.
            isBranchRun(),
            ...(asOf ? [lt(policyRuns.createdAt, asOf)] : []),
          ),
        )
        .orderBy(policyRuns.repositoryId, desc(policyRuns.createdAt), desc(policyRuns.id));
    },

    /** Repositories removed since `since`, oldest first: the posture chart drops them from then on. */
    removedSince: (tenantId: string, since: Date) =>
      db
        .select({ id: repositories.id, archivedAt: repositories.archivedAt })
        .from(repositories)
        .where(and(eq(repositories.tenantId, tenantId), gte(repositories.archivedAt, since)))
        .orderBy(asc(repositories.archivedAt)),

    /** Open (failed, not waived) findings of one analyzer (and rule) in the given runs, with their run's repository. */
    openFindingsOf: (tenantId: string, runIds: string[], filter: { analyzer: string; ruleId?: string }) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ finding: findings, repo: policyRuns.repo, repositoryId: policyRuns.repositoryId })
            .from(findings)
            .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
            .where(
              and(
                eq(findings.tenantId, tenantId),
                inArray(findings.runId, runIds),
                eq(findings.analyzer, filter.analyzer),
                ...(filter.ruleId ? [eq(findings.ruleId, filter.ruleId)] : []),
                eq(findings.status, "fail"),
                isNull(findings.waiverId),
              ),
            ),

    /** Evaluated runs created since `since`, oldest first: the history the posture chart replays. */
    runsSince: (tenantId: string, since: Date) =>
      db
        .select({ id: policyRuns.id, repositoryId: policyRuns.repositoryId, createdAt: policyRuns.createdAt })
        .from(policyRuns)
        .where(
          and(
            eq(policyRuns.tenantId, tenantId),
            evaluatedRun(),
            isBranchRun(),
            gte(policyRuns.createdAt, since),
          ),
        )
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
            .select({
              runId: controlResults.runId,
              controlCode: controlResults.controlCode,
              passes: controlResults.passes,
              failures: controlResults.failures,
              evidence: controlResults.evidence,
            })
            .from(controlResults)
            .where(and(eq(controlResults.tenantId, tenantId), inArray(controlResults.runId, runIds))),

    /** Every upload of the tenant's container images with its scan's state and vulnerability count. */
    imageScans: (tenantId: string) =>
      db
        .select({
          id: containerImages.id,
          imageRef: containerImages.imageRef,
          state: containerImages.state,
          createdAt: containerImages.createdAt,
          scannedAt: containerImages.scannedAt,
          vulnerabilities: sql<number>`count(${containerFindings.id})::int`,
        })
        .from(containerImages)
        .leftJoin(containerFindings, eq(containerFindings.imageId, containerImages.id))
        .where(eq(containerImages.tenantId, tenantId))
        .groupBy(containerImages.id),

    /**
     * Every finished sync of the tenant's environments with the drift it found: the evidence of
     * the drift controls, as of any day (posture history).
     */
    environmentSyncs: async (tenantId: string): Promise<EnvironmentSyncResult[]> =>
      (
        await db
          .select({
            environmentId: environmentSyncs.environmentId,
            state: environmentSyncs.state,
            finishedAt: environmentSyncs.finishedAt,
            driftStats: environmentSyncs.driftStats,
          })
          .from(environmentSyncs)
          .where(
            and(
              eq(environmentSyncs.tenantId, tenantId),
              inArray(environmentSyncs.state, ["completed", "failed"]),
              isNotNull(environmentSyncs.finishedAt),
            ),
          )
      ).map((row) => ({
        environmentId: row.environmentId,
        state: row.state as EnvironmentSyncResult["state"],
        finishedAt: row.finishedAt!,
        driftStats: (row.driftStats as DriftStats | null) ?? null,
      })),

    /**
     * The newest ledger entries of one kind (`image-scan`, `environment-drift`): the evidence of
     * the controls that kind tests.
     */
    ledgerHashesOfKind: async (tenantId: string, kind: string, limit: number) =>
      (
        await db
          .select({ hash: evidenceArtifacts.hash })
          .from(evidenceArtifacts)
          .where(
            and(
              eq(evidenceArtifacts.tenantId, tenantId),
              eq(evidenceArtifacts.artifactType, "finding"),
              sql`${evidenceArtifacts.content} ->> 'kind' = ${kind}`,
            ),
          )
          .orderBy(desc(evidenceArtifacts.index))
          .limit(limit)
      ).map((row) => row.hash),

    /**
     * A control's open failures (most severe first) or passed checks of the given runs: the
     * findings its per-run control results count (see findings/finding-controls.ts).
     */
    controlChecks: (
      tenantId: string,
      runIds: string[],
      query: { code: string; outcome: "failure" | "pass"; limit: number },
    ) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            // Of the run, only what a finding shows of it and the fix lookup needs: its whole row
            // (analyzers' JSON and all) parsed once per listed finding was most of the call's work.
            .select({
              finding: findings,
              run: {
                repositoryId: policyRuns.repositoryId,
                repo: policyRuns.repo,
                commitSha: policyRuns.commitSha,
                commitUrl: policyRuns.commitUrl,
                createdAt: policyRuns.createdAt,
              },
            })
            .from(findings)
            .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
            .where(
              and(
                eq(findings.tenantId, tenantId),
                inArray(findings.runId, runIds),
                findingCountsForControl(query.code),
                findingOutcomeIs(query.outcome),
              ),
            )
            .orderBy(
              ...(query.outcome === "failure" ? [SEVERITY_RANK] : []),
              asc(policyRuns.repo),
              asc(findings.filePath),
              asc(findings.line),
              asc(findings.ruleId),
            )
            .limit(query.limit),

    /**
     * The most severe open findings of the given runs (of one severity, when given): each run's
     * top `limit` read in index order (findings_open_ranked_by_run), merged, and cut to `limit`.
     */
    async openFindings(tenantId: string, runIds: string[], limit: number, severity?: Severity) {
      const perRun = await Promise.all(
        runIds.map((runId) =>
          db
            .select({ finding: findings, run: policyRuns })
            .from(findings)
            .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
            .where(
              and(
                eq(findings.tenantId, tenantId),
                eq(findings.runId, runId),
                eq(findings.status, "fail"),
                isNull(findings.waiverId),
                // On the rank, not the column: the index's second key, so the read stays in order.
                ...(severity ? [sql`${SEVERITY_RANK} = ${SEVERITY_ORDER.indexOf(severity)}`] : []),
              ),
            )
            .orderBy(SEVERITY_RANK, asc(findings.filePath), asc(findings.line))
            .limit(limit),
        ),
      );
      return perRun
        .flat()
        .sort(
          (a, b) =>
            SEVERITY_ORDER.indexOf(a.finding.severity) - SEVERITY_ORDER.indexOf(b.finding.severity) ||
            b.run.createdAt.getTime() - a.run.createdAt.getTime(),
        )
        .slice(0, limit);
    },

    /**
     * Open findings of the given runs counted by rule and severity, from the per-run rollup, summed
     * over the runs in the database: one row per rule, not one per rule and repository.
     */
    openByRule: (tenantId: string, runIds: string[]) =>
      runIds.length === 0
        ? Promise.resolve([])
        : db
            .select({
              ruleId: openRuleCounts.ruleId,
              // A rule's analyzer and first control are the same in every run that counted it.
              analyzer: sql<string>`min(${openRuleCounts.analyzer})`,
              severity: openRuleCounts.severity,
              controlCode: sql<string>`min(${openRuleCounts.controlCode})`,
              count: sql<number>`sum(${openRuleCounts.count})::int`,
            })
            .from(openRuleCounts)
            .where(and(eq(openRuleCounts.tenantId, tenantId), inArray(openRuleCounts.runId, runIds)))
            .groupBy(openRuleCounts.ruleId, openRuleCounts.severity),

    /** How many findings were fixed in [from, to) and their total time open, in seconds. */
    fixedBetween: async (tenantId: string, from: Date, to: Date) =>
      (
        await db
          .select({
            count: sql<number>`count(*)::int`,
            seconds: sql<number>`coalesce(sum(extract(epoch from ${findingTracks.fixedAt} - ${findingTracks.firstSeenAt})), 0)::float8`,
          })
          .from(findingTracks)
          .where(
            and(
              eq(findingTracks.tenantId, tenantId),
              gte(findingTracks.fixedAt, from),
              lt(findingTracks.fixedAt, to),
            ),
          )
      )[0] ?? { count: 0, seconds: 0 },

    /**
     * A fingerprint of everything the summary, the risks and a control's detail are computed from:
     * it changes when a run is recorded, a repository is removed, restored or renamed, a waiver is created, revoked or lapses, a scan starts or
     * ends, a fix pull request is opened or changes state, or the ledger grows or is verified.
     */
    dataVersion: async (tenantId: string) => {
      const result = (await db.execute(sql`
        select
          (select count(*) from policy_runs where tenant_id = ${tenantId}::uuid)::text || '|' ||
          coalesce((select max(created_at) from policy_runs where tenant_id = ${tenantId}::uuid)::text, '') || '|' ||
          (select count(*) || '@' || coalesce(max(archived_at)::text, '') from repositories where tenant_id = ${tenantId}::uuid and archived_at is not null) || '|' ||
          -- A renamed repository renames its runs, which findings and risks show.
          (select coalesce(md5(string_agg(id::text || ':' || name, ',' order by id)), '') from repositories where tenant_id = ${tenantId}::uuid) || '|' ||
          (select count(*) from waivers where tenant_id = ${tenantId}::uuid)::text || '|' ||
          (select count(*) from waivers where tenant_id = ${tenantId}::uuid and (revoked_at is not null or expires_at <= now()))::text || '|' ||
          (select count(*) from vex_statements where tenant_id = ${tenantId}::uuid)::text || '|' ||
          (select count(*) from scans where tenant_id = ${tenantId}::uuid and state in ('queued', 'running'))::text || '|' ||
          coalesce((select length from ledger_heads where tenant_id = ${tenantId}::uuid)::text, '0') || '|' ||
          coalesce((select max(verified_at) from ledger_verifications where tenant_id = ${tenantId}::uuid)::text, '') || '|' ||
          -- Fix pull requests feed the PR Bot card: each one opened, merged or closed changes it.
          (select count(*) || '@' || coalesce(max(updated_at)::text, '') from pr_suggestions where tenant_id = ${tenantId}::uuid) || '|' ||
          -- Container images feed the summary's top risks: each completed scan changes them.
          (select count(*) from container_images where tenant_id = ${tenantId}::uuid and state = 'completed')::text || '|' ||
          -- A failed image scan leaves the image controls not evaluated.
          (select count(*) from container_images where tenant_id = ${tenantId}::uuid and state = 'failed')::text || '|' ||
          coalesce((select max(scanned_at) from container_images where tenant_id = ${tenantId}::uuid)::text, '') || '|' ||
          -- Environment syncs evidence the drift controls: each finished one may change them.
          (select count(*) || '@' || coalesce(max(finished_at)::text, '') from environment_syncs where tenant_id = ${tenantId}::uuid and finished_at is not null) || '|' ||
          -- Environments feed the CISO snapshot's environment analysis: added, removed or synced.
          (select count(*) || '@' || coalesce(max(created_at)::text, '') || '@' || coalesce(max(last_synced_at)::text, '') || '@' || count(*) filter (where drift_state = 'drift_detected')
             from environments where tenant_id = ${tenantId}::uuid)
          as version`)) as unknown as { rows: { version: string }[] };
      return result.rows[0]?.version ?? "";
    },
  };
}

export type PostureRepo = ReturnType<typeof createPostureRepo>;
