// Retention: a closed tenant keeps its ledger, checkpoints and evidence for TENANT_RETENTION_DAYS
// after it was closed, then a daily job erases it (the deletion record says the retention policy
// did), and sweeps the evidence store of files that no submission names any more.
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { and, asc, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";
import { defineJob } from "../jobs/job-queue.ts";
import type { CleanupLog, EvidenceFileCleanup } from "./evidence-file-cleanup.ts";
import type { TenantErasure } from "./tenant-erasure.ts";

/** About seven years: the longest period the common audit regimes ask records to be kept. */
export const DEFAULT_TENANT_RETENTION_DAYS = 2555;

const DAY_MS = 86_400_000;

export function createTenantRetention(deps: {
  maintenanceDb: Database;
  erasure: TenantErasure;
  evidenceFiles: EvidenceFileCleanup;
  retentionDays: number;
  log: CleanupLog;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** Erases every tenant closed longer ago than the retention period; then sweeps the store. */
  async function run() {
    const cutoff = new Date(now().getTime() - deps.retentionDays * DAY_MS);
    const expired = await deps.maintenanceDb
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(isNotNull(tenants.closedAt), lt(tenants.closedAt, cutoff)))
      .orderBy(asc(tenants.closedAt));
    let erased = 0;
    let failed = 0;
    for (const tenant of expired) {
      try {
        const record = await deps.erasure.erase(tenant, {
          kind: "retention",
          retentionDays: deps.retentionDays,
        });
        if (record) erased += 1;
      } catch (error) {
        // One tenant that cannot be erased today does not keep the others; tomorrow retries it.
        failed += 1;
        deps.log.warn({ tenantId: tenant.id, err: error }, "tenant past retention not erased");
      }
    }
    const files = await deps.evidenceFiles.sweep();
    return { erased, failed, files };
  }

  const job = defineJob({
    name: "tenants.retention",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "41 3 * * *" },
    handle: async () => {
      await run();
    },
  });

  return { run, job };
}

export type TenantRetention = ReturnType<typeof createTenantRetention>;
