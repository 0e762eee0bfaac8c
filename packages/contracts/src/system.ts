// The System Settings drawer (spec part 2): instance information, workers, cron jobs, recent jobs.
import { z } from "zod";
import { Timestamp } from "./common.ts";

export const SystemInfo = z.object({
  version: z.string(),
  /** NODE_ENV of the server: `production` unless set (`npm run dev` sets `development`). */
  environment: z.string(),
  /** Where the data lives: embedded PGlite in DATA_DIR, or PostgreSQL (DATABASE_URL). */
  database: z.enum(["pglite", "postgres"]),
  /** Seconds since this process started. */
  uptime: z.number(),
  /**
   * One row per job queue Rampart defines (never pg-boss's own). Counts, last run and last result
   * are over the jobs the caller may see: its tenants' and the instance's.
   */
  workers: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["running", "idle", "error", "stopped"]),
      /** Jobs waiting or running: `queued` + `active`. */
      jobCount: z.number().int(),
      queued: z.number().int(),
      active: z.number().int(),
      /** When its newest job started. */
      lastRun: Timestamp.optional(),
      /** That job's status, as Recent Jobs words it (completed, failed, retry, active...). */
      lastResult: z.string().optional(),
      /** Its own recurring schedule (cron, UTC), when it has one. */
      schedule: z.string().optional(),
    }),
  ),
  cronJobs: z.array(
    z.object({
      name: z.string(),
      enabled: z.boolean(),
      schedule: z.string(),
      lastRun: Timestamp.optional(),
      nextRun: Timestamp.optional(),
    }),
  ),
  /**
   * Open alerts on the evidence ledgers of the caller's tenants: a rewritten history, a fork a
   * witness refused, or a broken link. While one is open nothing is signed over that ledger.
   */
  ledgerAlerts: z.array(
    z.object({
      id: z.string(),
      tenantId: z.string(),
      kind: z.enum(["rewrite", "fork", "broken-link"]),
      message: z.string(),
      /** The tree size of the checkpoint the chain no longer matches, when one is named. */
      treeSize: z.number().int().nullable(),
      detectedAt: Timestamp,
    }),
  ),
  /**
   * Repository scans against this process's memory budget (SCAN_MEMORY_BUDGET_MB): the budget,
   * the estimates of the scans running here now, and how many run. Instance admins only
   * (INSTANCE_ADMINS), since it follows every tenant's scans; zero where RUN_WORKERS is off.
   */
  scanMemory: z
    .object({
      budgetBytes: z.number().int(),
      reservedBytes: z.number().int(),
      runningScans: z.number().int(),
    })
    .optional(),
});
export type SystemInfo = z.infer<typeof SystemInfo>;

export const SystemJob = z.object({
  jobId: z.string(),
  jobName: z.string(),
  status: z.string(),
  attempts: z.array(z.object({ error: z.string().optional() })),
  totalExecutionTime: z.number().nullable(),
  lastUpdatedAt: Timestamp,
});

export const SystemJobs = z.object({ jobs: z.array(SystemJob) });
export type SystemJobs = z.infer<typeof SystemJobs>;
