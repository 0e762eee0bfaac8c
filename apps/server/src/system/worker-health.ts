// What the settings drawer knows of each job queue Rampart defines: its own last run and result,
// its queued and active jobs, its schedule, and whether its workers are busy or broken. Facts
// about jobs come from the queue's table and count only the jobs the caller may see (its tenants'
// and the instance's); pg-boss's in-memory worker state says nothing per queue worth showing
// (it stamps every worker's "last job started" on each empty poll), only whether a worker of this
// process is busy or its last poll failed.

import type { SystemInfo } from "@rampart/contracts/system";
import type { Database } from "@rampart/db/client";
import { type SQL, sql } from "drizzle-orm";
import type { WipData } from "pg-boss";
import { DEFERRED_OUTPUT, type JobDefinition } from "../jobs/job-queue.ts";

type WorkerRow = SystemInfo["workers"][number];

/** A PostgreSQL text[] literal with every element quoted. */
export function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}

/**
 * The jobs a user may see: those of Rampart's own queues (`names`; never pg-boss's internal
 * `__pgboss__*` jobs nor the dead-letter copies kept for `onFailed`) that belong to one of the
 * user's tenants or to none (instance jobs), and never a job that only went back to the queue
 * (a scan waiting for memory is retried every few seconds as a new job: one run, many jobs).
 */
export function visibleJobs(names: readonly string[], mine: readonly string[]): SQL {
  return sql`(name = any(${textArray(names)}::text[])
    and (data->>'tenantId' = any(${textArray(mine)}::text[]) or not coalesce(data ? 'tenantId', false))
    and not (state = 'completed' and coalesce(output @> ${JSON.stringify(DEFERRED_OUTPUT)}::jsonb, false)))`;
}

interface QueueFacts {
  queued: number;
  active: number;
  lastRun?: string;
  lastResult?: string;
}

async function queueFacts(db: Database, visible: SQL): Promise<Map<string, QueueFacts>> {
  const counts = (await db.execute(sql`
    select name,
      count(*) filter (where state in ('created', 'retry'))::int as queued,
      count(*) filter (where state = 'active')::int as active
    from pgboss.job where ${visible} group by name`)) as unknown as {
    rows: { name: string; queued: number; active: number }[];
  };
  // The newest job to have started, and where it stands now: a retried job keeps its first start.
  const latest = (await db.execute(sql`
    select distinct on (name) name, state, started_on
    from pgboss.job where ${visible} and started_on is not null
    order by name, started_on desc`)) as unknown as {
    rows: { name: string; state: string; started_on: string | Date }[];
  };
  const facts = new Map<string, QueueFacts>();
  for (const row of counts.rows)
    facts.set(row.name, { queued: Number(row.queued), active: Number(row.active) });
  for (const row of latest.rows) {
    const entry = facts.get(row.name) ?? { queued: 0, active: 0 };
    facts.set(row.name, {
      ...entry,
      lastRun: new Date(row.started_on).toISOString(),
      lastResult: row.state,
    });
  }
  return facts;
}

/**
 * Error when a worker's last poll failed; running when one holds jobs or the caller's jobs are
 * active (perhaps in another process); stopped while this process stops its workers; else idle.
 */
export function workerStatus(workers: readonly WipData[], active: number): WorkerRow["status"] {
  const failed = workers.some(
    (worker) => worker.lastErrorOn && (!worker.lastJobEndedOn || worker.lastErrorOn >= worker.lastJobEndedOn),
  );
  if (failed) return "error";
  if (active > 0 || workers.some((worker) => worker.count > 0)) return "running";
  const stopping =
    workers.length > 0 &&
    workers.every((worker) => worker.state === "stopping" || worker.state === "stopped");
  return stopping ? "stopped" : "idle";
}

export async function workerHealth(options: {
  db: Database;
  definitions: readonly JobDefinition[];
  /** The workers of this process (none when RUN_WORKERS is off: they run elsewhere). */
  wip: readonly WipData[];
  mine: readonly string[];
}): Promise<WorkerRow[]> {
  const names = options.definitions.map((job) => job.name);
  if (names.length === 0) return [];
  const facts = await queueFacts(options.db, visibleJobs(names, options.mine));
  return options.definitions.map((job) => {
    const fact = facts.get(job.name) ?? { queued: 0, active: 0 };
    const workers = options.wip.filter((worker) => worker.name === job.name);
    return {
      name: job.name,
      status: workerStatus(workers, fact.active),
      jobCount: fact.queued + fact.active,
      queued: fact.queued,
      active: fact.active,
      ...(fact.lastRun ? { lastRun: fact.lastRun, lastResult: fact.lastResult } : {}),
      ...(job.schedule ? { schedule: job.schedule.cron } : {}),
    };
  });
}
