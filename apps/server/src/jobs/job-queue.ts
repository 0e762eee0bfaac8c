// The job queue behind one small interface: definitions (name, version, zod payload, handler)
// run on pg-boss in the same database as everything else, on PGlite or PostgreSQL. The queue is
// created first so services can send jobs; `start` then registers the definitions and workers.
// Tenant work is fair: a job that names its tenant joins that tenant's pg-boss group, and at most
// `perTenant` jobs of a group run at once across every worker (pg-boss tracks active jobs per
// group in the database), so one tenant's backlog leaves the other workers to other tenants.
// Long jobs heartbeat: a job whose worker died is failed by the monitor within a heartbeat and
// a monitor pass, then retried, and `onFailed` has the last word once no retry is left.
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
  /**
   * Per-tenant fairness: `workers` handlers per process, of which at most `perTenant` (over all
   * processes) work on one tenant's jobs at a time.
   */
  fairness?: { tenantOf(payload: z.infer<Schema>): string; perTenant: number; workers: number };
  /** Resolves to `DEFERRED_OUTPUT` when it only sent its work back to the queue; else ignored. */
  handle(payload: z.infer<Schema>, attempt: JobAttempt): Promise<unknown>;
  /**
   * Runs once the job has failed for good: after its last attempt threw, and also when its
   * worker died or stopped heartbeating on the last attempt (when no handler ran to say so).
   * It must be idempotent and leave a record the handler already settled alone.
   */
  onFailed?(payload: z.infer<Schema>): Promise<void>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}

/** What services need of the queue: sending now, and per-key recurring schedules. */
export interface JobSender {
  /**
   * `singletonKey` scopes a singleton or stately queue's one-at-a-time rule (e.g. per tenant);
   * `startAfterSeconds` keeps the job queued that long before a worker may take it.
   */
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.infer<Schema>,
    options?: { singletonKey?: string; startAfterSeconds?: number },
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
  /** The jobs `start` was given: Rampart's own queues, as opposed to pg-boss's internal ones. */
  definitions(): readonly JobDefinition[];
  stop(): Promise<void>;
}

/** How often the monitor fails jobs whose heartbeat stopped (pg-boss's default is 60 s). */
export const MONITOR_INTERVAL_SECONDS = 30;

/** Where a job that failed for good is copied, for its `onFailed`. */
/**
 * What a handler returns when it did nothing but send its work back to the queue for later (a
 * scan waiting for memory): such a job is machinery, left out of the jobs users are shown.
 */
export const DEFERRED_OUTPUT = { deferred: true } as const;

export const failedQueueOf = (name: string) => `${name}.failed`;

export function createJobQueue(options: {
  database: DatabaseHandle;
  logger: FastifyBaseLogger;
  monitorIntervalSeconds?: number;
}): JobQueue {
  const { database, logger } = options;
  const monitor = options.monitorIntervalSeconds ?? MONITOR_INTERVAL_SECONDS;
  const common = {
    useListenNotify: true,
    schema: "pgboss",
    superviseIntervalSeconds: monitor,
    monitorIntervalSeconds: monitor,
  } as const;
  const boss = database.pglite
    ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" })
    : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  let started = false;
  let definitions: readonly JobDefinition[] = [];

  return {
    boss,

    async start(jobs, { runWorkers }) {
      await boss.start();
      started = true;
      definitions = jobs;
      for (const job of jobs) {
        const failedQueue = job.onFailed ? failedQueueOf(job.name) : undefined;
        if (failedQueue)
          await boss.createQueue(failedQueue, {
            retryLimit: 3,
            retryDelay: 5,
            retryBackoff: true,
            notify: true,
          });
        const queue: Omit<Queue, "name"> = {
          retryLimit: 3,
          retryDelay: 5,
          retryBackoff: true,
          notify: true,
          ...job.queue,
          ...(failedQueue ? { deadLetter: failedQueue } : {}),
        };
        await boss.createQueue(job.name, queue);
        const { policy: _policy, partition: _partition, ...settings } = queue;
        // createQueue leaves an existing queue as it is: bring one made by an earlier version
        // (without a heartbeat or a dead-letter queue) up to date.
        await boss.updateQueue(job.name, settings);
        if (job.schedule)
          await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.timezone ?? "UTC" });
        if (!runWorkers) continue;
        // NOTIFY wakes workers for new jobs; retries and delayed jobs are found by polling, so the
        // backstop poll stays short instead of pg-boss's 30 s default.
        const onFailed = job.onFailed;
        if (failedQueue && onFailed) {
          await boss.work(failedQueue, { notifyPollingIntervalSeconds: 2 }, async (batch) => {
            for (const item of batch) {
              logger.warn({ job: job.name, id: item.id }, "job failed for good");
              const payload = job.payload.parse(item.data);
              await withDatabaseContext(jobDatabaseContext(payload), () => onFailed(payload));
            }
          });
        }
        await boss.work(
          job.name,
          {
            notifyPollingIntervalSeconds: 2,
            includeMetadata: true,
            ...(job.fairness
              ? { localConcurrency: job.fairness.workers, groupConcurrency: job.fairness.perTenant }
              : {}),
          },
          async (batch) => {
            let output: unknown;
            for (const item of batch) {
              const payload = job.payload.parse(item.data);
              logger.info({ job: job.name, id: item.id, retryCount: item.retryCount }, "job started");
              output = await withDatabaseContext(jobDatabaseContext(payload), () =>
                job.handle(payload, {
                  jobId: item.id,
                  retryCount: item.retryCount,
                  isLastAttempt: item.retryCount >= item.retryLimit,
                }),
              );
            }
            // pg-boss stores what the callback returns as the output of every job of the batch:
            // only the deferral mark is kept, and only for a batch of that one job (the default).
            return batch.length === 1 && output === DEFERRED_OUTPUT ? output : undefined;
          },
        );
      }
    },

    definitions: () => definitions,

    async send(job, payload, options = {}) {
      if (!started) throw new Error(`job queue not started; cannot send ${job.name}`);
      const data = job.payload.parse(payload);
      const { startAfterSeconds, ...rest } = options;
      return boss.send(job.name, data as object, {
        ...rest,
        ...(startAfterSeconds !== undefined ? { startAfter: startAfterSeconds } : {}),
        ...(job.fairness ? { group: { id: job.fairness.tenantOf(data) } } : {}),
      });
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
