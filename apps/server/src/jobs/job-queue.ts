// The job queue behind one small interface: definitions (name, version, zod payload, handler)
// run on pg-boss in the same database as everything else, on PGlite or PostgreSQL. The queue is
// created first so services can send jobs; `start` then registers the definitions and workers.
import type { DatabaseHandle } from "@rampart/db/client";
import { type DatabaseContext, withDatabaseContext } from "@rampart/db/context";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss, type Queue } from "pg-boss";
import type { z } from "zod";

/** Which try this is: a handler records a failure as final only on the last one. */
export interface JobAttempt {
  jobId: string;
  retryCount: number;
  isLastAttempt: boolean;
}

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  payload: Schema;
  queue?: Omit<Queue, "name">;
  /** A cron expression (minute granularity, UTC unless a timezone is given) for recurring jobs. */
  schedule?: { cron: string; timezone?: string };
  handle(payload: z.infer<Schema>, attempt: JobAttempt): Promise<unknown>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}

/** What services need of the queue: sending now, and per-key recurring schedules. */
export interface JobSender {
  /** `singletonKey` scopes a singleton or stately queue's one-at-a-time rule (e.g. per tenant). */
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.infer<Schema>,
    options?: { singletonKey?: string },
  ): Promise<string | null>;
  /** Sends `payload` to `job` on `cron` (UTC), one schedule per key; replaces an earlier one. */
  schedule<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    key: string,
    cron: string,
    payload: z.infer<Schema>,
  ): Promise<void>;
  unschedule(job: JobDefinition, key: string): Promise<void>;
  /** Why `schedule` would refuse this cron expression, or undefined when it is fine. */
  scheduleProblem(cron: string): string | undefined;
}

export interface JobQueue extends JobSender {
  boss: PgBoss;
  start(jobs: readonly JobDefinition[], options: { runWorkers: boolean }): Promise<void>;
  stop(): Promise<void>;
}

export function createJobQueue(options: { database: DatabaseHandle; logger: FastifyBaseLogger }): JobQueue {
  const { database, logger } = options;
  const common = { useListenNotify: true, schema: "pgboss" } as const;
  const boss = database.pglite
    ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" })
    : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  let started = false;

  return {
    boss,

    async start(jobs, { runWorkers }) {
      await boss.start();
      started = true;
      for (const job of jobs) {
        await boss.createQueue(job.name, {
          retryLimit: 3,
          retryDelay: 5,
          retryBackoff: true,
          notify: true,
          ...job.queue,
        });
        if (job.schedule)
          await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.timezone ?? "UTC" });
        if (!runWorkers) continue;
        // NOTIFY wakes workers for new jobs; retries and delayed jobs are found by polling, so the
        // backstop poll stays short instead of pg-boss's 30 s default.
        await boss.work(
          job.name,
          { notifyPollingIntervalSeconds: 2, includeMetadata: true },
          async (batch) => {
            for (const item of batch) {
              const payload = job.payload.parse(item.data);
              logger.info({ job: job.name, id: item.id, retryCount: item.retryCount }, "job started");
              await withDatabaseContext(jobDatabaseContext(payload), () =>
                job.handle(payload, {
                  jobId: item.id,
                  retryCount: item.retryCount,
                  isLastAttempt: item.retryCount >= item.retryLimit,
                }),
              );
            }
          },
        );
      }
    },

    async send(job, payload, options) {
      if (!started) throw new Error(`job queue not started; cannot send ${job.name}`);
      return boss.send(job.name, job.payload.parse(payload) as object, options ?? {});
    },

    async schedule(job, key, cron, payload) {
      if (!started) throw new Error(`job queue not started; cannot schedule ${job.name}`);
      await boss.schedule(job.name, cron, job.payload.parse(payload) as object, { tz: "UTC", key });
    },

    async unschedule(job, key) {
      if (started) await boss.unschedule(job.name, key);
    },

    scheduleProblem(cron) {
      try {
        // The same check schedule() makes; one occurrence, since a sparse expression is slow to walk.
        boss.previewSchedule(cron, { tz: "UTC", count: 1 });
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },

    stop: () => (started ? boss.stop({ graceful: true, timeout: 10_000 }) : Promise.resolve()),
  };
}

/**
 * Row-level security for a job: one that names a tenant sees that tenant only; one that names
 * none is an instance-wide task (scheduler, verify-all, purges) and runs on the owner's connection.
 */
export function jobDatabaseContext(payload: unknown): DatabaseContext {
  const tenantId = (payload as { tenantId?: unknown } | null)?.tenantId;
  return typeof tenantId === "string" ? { kind: "tenant", tenantId } : { kind: "system" };
}
