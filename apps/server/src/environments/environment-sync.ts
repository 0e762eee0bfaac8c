// Syncing an environment: a queued job reads the observed state (an uploaded state from the
// database, or a backend or cluster through ./observed), evaluates the declared state at the
// repository's latest scanned commit, computes the drift, and in one transaction replaces the
// environment's drift findings, records the sync and appends the drift to the evidence ledger.
// Each environment may also have its own cron schedule.
import type { NetworkPolicy } from "@rampart/checkout";
import type { DriftStats } from "@rampart/contracts/environments";
import { ObservedSource } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { driftFindings, environmentSyncs, environments, tenants } from "@rampart/db/schema";
import { StateFormatError } from "@rampart/engine/drift/index";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { DeclaredEvaluator } from "./declared-state.ts";
import { DRIFT_CONTROLS } from "./drift-controls.ts";
import type { EnvironmentCredentials } from "./environment-credentials.ts";
import type {
  DriftEngine,
  DriftItem,
  ObservedLimits,
  ObservedRead,
  ReadObserved,
} from "./environment-ports.ts";
import type { EnvironmentRow } from "./environments.service.ts";

/** Most drift findings stored per sync; the stats still count every one. */
export const MAX_STORED_DRIFT = 5_000;

export function driftStatsOf(items: readonly DriftItem[]): DriftStats {
  const stats: DriftStats = {
    total: items.length,
    missing_resource: 0,
    unexpected_resource: 0,
    config_change: 0,
    securityRelevant: 0,
  };
  for (const item of items) {
    stats[item.driftType] += 1;
    if (item.securityRelevant) stats.securityRelevant += 1;
  }
  return stats;
}

const SEVERITY_RANK = { critical: 0, high: 1, med: 2, low: 3 } as const;

export function createEnvironmentSync(deps: {
  db: Database;
  jobs: JobSender;
  ledger: Pick<LedgerService, "append" | "verifyTenantJob">;
  credentials: EnvironmentCredentials;
  readObserved: ReadObserved;
  drift: Pick<DriftEngine, "observedTerraform" | "observedKubernetes" | "computeDrift">;
  declared: DeclaredEvaluator;
  policy: NetworkPolicy;
  observedLimits: ObservedLimits;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const syncJob = defineJob({
    name: "environments.sync",
    version: 1,
    payload: z.object({ tenantId: z.uuid(), syncId: z.uuid() }),
    queue: { retryLimit: 1, retryDelay: 10, expireInSeconds: 900 },
    fairness: { tenantOf: ({ tenantId }) => tenantId, perTenant: 1, workers: 2 },
    handle: ({ syncId }, attempt) => run(syncId, attempt.isLastAttempt),
    onFailed: async ({ syncId }) => {
      await fail(syncId, "The sync stopped before it finished; try again");
    },
  });

  /** Fired by each environment's own cron schedule. */
  const scheduledSyncJob = defineJob({
    name: "environments.scheduled-sync",
    version: 1,
    payload: z.object({ tenantId: z.uuid(), environmentId: z.uuid() }),
    handle: async ({ tenantId, environmentId }) => {
      const [found] = await db
        .select({ environment: environments, closedAt: tenants.closedAt })
        .from(environments)
        .innerJoin(tenants, eq(tenants.id, environments.tenantId))
        .where(eq(environments.id, environmentId));
      // removed since it was scheduled, or its tenant closed (nothing is written to a closed tenant)
      if (!found || found.environment.tenantId !== tenantId || found.closedAt) return;
      await request(found.environment, "schedule");
    },
  });

  /** Queues a sync, unless one of this environment is already waiting (that one will do). */
  async function request(environment: EnvironmentRow, triggeredBy: string): Promise<{ syncId: string }> {
    const [waiting] = await db
      .select({ id: environmentSyncs.id })
      .from(environmentSyncs)
      .where(and(eq(environmentSyncs.environmentId, environment.id), eq(environmentSyncs.state, "queued")))
      .limit(1);
    if (waiting) return { syncId: waiting.id };
    const [sync] = await db
      .insert(environmentSyncs)
      .values({ tenantId: environment.tenantId, environmentId: environment.id, triggeredBy })
      .returning();
    await deps.jobs.send(syncJob, { tenantId: environment.tenantId, syncId: sync!.id });
    return { syncId: sync!.id };
  }

  async function fail(syncId: string, reason: string) {
    const at = now();
    const [sync] = await db
      .update(environmentSyncs)
      .set({ state: "failed", error: reason, finishedAt: at })
      .where(and(eq(environmentSyncs.id, syncId), inArray(environmentSyncs.state, ["queued", "running"])))
      .returning();
    if (!sync) return;
    await db
      .update(environments)
      .set({ driftState: "unknown", lastSyncError: reason, lastSyncedAt: at })
      .where(eq(environments.id, sync.environmentId));
  }

  /** The observed state, read where the environment's source says. */
  async function readObservedOf(environment: EnvironmentRow): Promise<ObservedRead> {
    const parsed = ObservedSource.safeParse(environment.observed);
    if (!environment.observed || !parsed.success)
      return { ok: false, reason: "No observed state: choose where the running state is read" };
    const source = parsed.data;
    if (source.kind === "terraform-upload") {
      if (!environment.uploadedState)
        return { ok: false, reason: "No Terraform state has been uploaded yet" };
      return { ok: true, kind: "terraform", state: environment.uploadedState };
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deps.observedLimits.timeoutMs);
    try {
      return await deps.readObserved(source, deps.credentials.open(environment), {
        limits: deps.observedLimits,
        policy: deps.policy,
        signal: controller.signal,
      });
    } catch (error) {
      deps.logger?.warn(
        { environmentId: environment.id, err: error },
        "environment sync: observed read threw",
      );
      return { ok: false, reason: "The observed state could not be read" };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs one queued sync to its end; a failure is recorded with its reason, never thrown. */
  async function run(syncId: string, isLastAttempt = true): Promise<void> {
    const [claimed] = await db
      .update(environmentSyncs)
      .set({ state: "running" })
      .where(and(eq(environmentSyncs.id, syncId), inArray(environmentSyncs.state, ["queued", "running"])))
      .returning();
    if (!claimed) return;
    const [environment] = await db
      .select()
      .from(environments)
      .where(eq(environments.id, claimed.environmentId));
    if (!environment) return; // removed meanwhile; the sync went with it
    try {
      const declared = await deps.declared.evaluate(environment);
      if (!declared.ok) return await fail(syncId, declared.reason);
      const observedRead = await readObservedOf(environment);
      if (!observedRead.ok) return await fail(syncId, observedRead.reason);
      if ((observedRead.kind === "terraform") !== (declared.source.kind === "terraform"))
        return await fail(
          syncId,
          declared.source.kind === "terraform"
            ? "The declared state is Terraform but the observed state is a Kubernetes cluster"
            : "The declared state is Kubernetes manifests but the observed state is a Terraform state",
        );
      let items: DriftItem[];
      try {
        const observed =
          observedRead.kind === "terraform"
            ? deps.drift.observedTerraform(observedRead.state)
            : deps.drift.observedKubernetes(observedRead.objects);
        items = deps.drift.computeDrift(declared.state, observed);
      } catch (error) {
        // The engine words a state it cannot read for the user; anything else stays in the log.
        if (error instanceof StateFormatError) return await fail(syncId, error.message);
        deps.logger?.warn({ environmentId: environment.id, err: error }, "environment sync: drift failed");
        return await fail(
          syncId,
          observedRead.kind === "terraform"
            ? "The Terraform state could not be read: it must be a state of version 4"
            : "The cluster's objects could not be compared",
        );
      }
      await record(environment, claimed.id, declared.commitSha, declared.repository.name, items);
    } catch (error) {
      deps.logger?.error({ environmentId: environment.id, err: error }, "environment sync failed");
      if (isLastAttempt) await fail(syncId, "The sync failed; try again");
      throw error;
    }
  }

  async function record(
    environment: EnvironmentRow,
    syncId: string,
    commitSha: string,
    repo: string,
    items: DriftItem[],
  ) {
    const at = now();
    const stats = driftStatsOf(items);
    const ordered = [...items].sort(
      (a, b) =>
        SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
        a.resourceId.localeCompare(b.resourceId) ||
        (a.attribute ?? "").localeCompare(b.attribute ?? ""),
    );
    const stored = ordered.slice(0, MAX_STORED_DRIFT);
    await db.transaction(async (tx) => {
      await tx.delete(driftFindings).where(eq(driftFindings.environmentId, environment.id));
      for (let i = 0; i < stored.length; i += 500) {
        await tx.insert(driftFindings).values(
          stored.slice(i, i + 500).map((item) => ({
            tenantId: environment.tenantId,
            environmentId: environment.id,
            syncId,
            driftType: item.driftType,
            resourceType: item.resourceType,
            resourceId: item.resourceId,
            attribute: item.attribute,
            iacExpected: jsonOrNull(item.iacExpected),
            actualState: jsonOrNull(item.actualState),
            severity: item.severity,
            securityRelevant: item.securityRelevant,
            controls: [...DRIFT_CONTROLS[item.driftType]],
            detectedAt: at,
          })),
        );
      }
      await tx
        .update(environmentSyncs)
        .set({
          state: "completed",
          commitSha,
          driftCount: items.length,
          driftStats: stats,
          finishedAt: at,
          error: null,
        })
        .where(eq(environmentSyncs.id, syncId));
      await tx
        .update(environments)
        .set({
          driftState: items.length === 0 ? "in_sync" : "drift_detected",
          driftStats: stats,
          lastSyncedAt: at,
          lastSyncError: null,
        })
        .where(eq(environments.id, environment.id));
      // The evidence: what drifted and which controls it bears on. Values are left out (they may
      // be secrets of the running system); the finding rows keep them for the tenant's own view.
      await deps.ledger.append(tx, {
        tenantId: environment.tenantId,
        artifactType: "finding",
        createdAt: at,
        content: {
          kind: "environment-drift",
          environmentId: environment.id,
          environment: environment.name,
          environmentType: environment.type,
          syncId,
          repo,
          commitSha,
          status: items.length === 0 ? "pass" : "fail",
          driftState: items.length === 0 ? "in_sync" : "drift_detected",
          stats,
          controls: [...new Set(items.flatMap((item) => DRIFT_CONTROLS[item.driftType]))].sort(),
          drift: stored.map((item) => ({
            driftType: item.driftType,
            resourceType: item.resourceType,
            resourceId: item.resourceId,
            attribute: item.attribute,
            severity: item.severity,
            securityRelevant: item.securityRelevant,
          })),
          createdAt: at.toISOString(),
        },
      });
    });
    await deps.jobs.send(
      deps.ledger.verifyTenantJob,
      { tenantId: environment.tenantId },
      { singletonKey: environment.tenantId },
    );
  }

  return {
    syncJob,
    scheduledSyncJob,
    request,
    run,

    /** Keeps the environment's cron schedule in the queue in step with its setting. */
    async syncSchedule(row: { id: string; tenantId: string; syncSchedule: string | null }) {
      if (row.syncSchedule)
        await deps.jobs.schedule(scheduledSyncJob, row.id, row.syncSchedule, {
          tenantId: row.tenantId,
          environmentId: row.id,
        });
      else await deps.jobs.unschedule(scheduledSyncJob, row.id);
    },
  };
}

export type EnvironmentSync = ReturnType<typeof createEnvironmentSync>;

/** A JSON value for a jsonb column: `undefined` (absent) becomes SQL null. */
function jsonOrNull(value: unknown): unknown {
  return value === undefined ? null : value;
}
