// The job queue behind one small interface: definitions (name, version, zod payload, handler)
// run on pg-boss in the same database as everything else, on PGlite or PostgreSQL.
import type { DatabaseHandle } from "@rampart/db/client";
import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss, type Queue } from "pg-boss";
import type { z } from "zod";

export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  name: string;
  version: number;
  payload: Schema;
  queue?: Omit<Queue, "name">;
  /** A cron expression (minute granularity) for recurring jobs. */
  schedule?: { cron: string; timezone?: string };
  handle(payload: z.infer<Schema>): Promise<unknown>;
}

export function defineJob<Schema extends z.ZodType>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}

export interface JobQueue {
  boss: PgBoss;
  send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.infer<Schema>,
  ): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startJobQueue(options: {
  database: DatabaseHandle;
  jobs: JobDefinition[];
  runWorkers: boolean;
  logger: FastifyBaseLogger;
}): Promise<JobQueue> {
  const { database, logger } = options;
  const common = { useListenNotify: true, schema: "pgboss" } as const;
  const boss = database.pglite
    ? new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" })
    : new PgBoss({ ...common, connectionString: database.url!, max: 4 });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();

  for (const job of options.jobs) {
    await boss.createQueue(job.name, {
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      notify: true,
      ...job.queue,
    });
    if (job.schedule)
      await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.timezone ?? "UTC" });
    if (options.runWorkers) {
      // NOTIFY wakes workers for new jobs; retries and delayed jobs are found by polling, so the
      // backstop poll stays short instead of pg-boss's 30 s default.
      await boss.work(job.name, { notifyPollingIntervalSeconds: 2 }, async (batch) => {
        for (const item of batch) {
          const payload = job.payload.parse(item.data);
          logger.info({ job: job.name, id: item.id }, "job started");
          await job.handle(payload);
        }
      });
    }
  }

  return {
    boss,
    send: async (job, payload) => boss.send(job.name, job.payload.parse(payload) as object),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
