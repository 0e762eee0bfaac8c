// The System Settings drawer (spec part 2): instance information, workers, cron jobs, recent jobs.
import { z } from "zod";
import { Timestamp } from "./common.ts";

export const SystemInfo = z.object({
  version: z.string(),
  environment: z.string(),
  /** Seconds since this process started. */
  uptime: z.number(),
  workers: z.array(
    z.object({
      name: z.string(),
      status: z.enum(["running", "idle", "error", "stopped"]),
      jobCount: z.number().int(),
      lastRun: Timestamp.optional(),
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
