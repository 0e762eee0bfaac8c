// GET /api/system/info and /api/system/jobs for the System Settings drawer, read from the job
// queue itself. Jobs are shown only when they belong to one of the caller's tenants or to none
// (instance jobs), so one tenant never sees another's job data or errors.
import { ErrorBody } from "@rampart/contracts/common";
import { SystemInfo, SystemJobs } from "@rampart/contracts/system";
import type { Database } from "@rampart/db/client";
import { memberships } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { PgBoss } from "pg-boss";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";

const JOBS_SHOWN = 50;

interface JobRow {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  output: { message?: string } | null;
  started_on: string | Date | null;
  completed_on: string | Date | null;
  created_on: string | Date;
}

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

export function registerSystemRoutes(
  app: App,
  deps: {
    db: Database;
    boss: () => PgBoss | undefined;
    version: string;
    environment: string;
    authenticate: preHandlerAsyncHookHandler;
  },
) {
  const guarded = { preHandler: deps.authenticate };

  app.get(
    "/api/system/info",
    { ...guarded, schema: { tags: ["system"], response: { 200: SystemInfo, 401: ErrorBody } } },
    async () => {
      const boss = deps.boss();
      const workers = boss
        ? boss.getWipData().map((worker) => ({
            name: worker.name,
            status:
              worker.lastErrorOn && (!worker.lastJobEndedOn || worker.lastErrorOn >= worker.lastJobEndedOn)
                ? ("error" as const)
                : worker.state === "active" &&
                    worker.lastJobStartedOn &&
                    (!worker.lastJobEndedOn || worker.lastJobStartedOn > worker.lastJobEndedOn)
                  ? ("running" as const)
                  : worker.state === "stopped" || worker.state === "stopping"
                    ? ("stopped" as const)
                    : ("idle" as const),
            jobCount: worker.count,
            ...(worker.lastJobStartedOn ? { lastRun: new Date(worker.lastJobStartedOn).toISOString() } : {}),
          }))
        : [];
      const schedules = boss ? await boss.getSchedules() : [];
      const lastRuns = new Map<string, string>();
      if (schedules.length > 0) {
        const rows = (await deps.db.execute(
          sql`select name, max(created_on) as last from pgboss.job group by name`,
        )) as unknown as { rows: { name: string; last: string | Date }[] };
        for (const row of rows.rows) lastRuns.set(row.name, new Date(row.last).toISOString());
      }
      const cronJobs = schedules.map((schedule) => {
        const next = boss?.previewSchedule(schedule.cron, { tz: schedule.timezone })[0];
        const lastRun = lastRuns.get(schedule.name);
        return {
          name: schedule.key ? `${schedule.name} (${schedule.key.slice(0, 8)})` : schedule.name,
          enabled: true,
          schedule: schedule.cron,
          ...(lastRun ? { lastRun } : {}),
          ...(next ? { nextRun: next.toISOString() } : {}),
        };
      });
      return {
        version: deps.version,
        environment: deps.environment,
        uptime: Math.round(process.uptime()),
        workers,
        cronJobs,
      };
    },
  );

  app.get(
    "/api/system/jobs",
    { ...guarded, schema: { tags: ["system"], response: { 200: SystemJobs, 401: ErrorBody } } },
    async (request) => {
      const mine = (
        await deps.db
          .select({ tenantId: memberships.tenantId })
          .from(memberships)
          .where(eq(memberships.userId, currentUser(request).id))
      ).map((row) => row.tenantId);
      const result = (await deps.db.execute(sql`
      select id, name, state, retry_count, output, started_on, completed_on, created_on
      from pgboss.job
      where data->>'tenantId' is null or data->>'tenantId' = any(${`{${mine.join(",")}}`}::text[])
      order by created_on desc
      limit ${JOBS_SHOWN}`)) as unknown as { rows: JobRow[] };
      return {
        jobs: result.rows.map((row) => {
          const failedAttempts =
            row.state === "failed" || row.state === "retry" ? row.retry_count + 1 : row.retry_count;
          const error = row.output && typeof row.output.message === "string" ? row.output.message : undefined;
          return {
            jobId: row.id,
            jobName: row.name,
            status: row.state,
            attempts: Array.from({ length: Math.max(1, failedAttempts) }, (_, index) =>
              error && index === Math.max(1, failedAttempts) - 1 ? { error } : {},
            ),
            totalExecutionTime:
              row.started_on && row.completed_on
                ? new Date(row.completed_on).getTime() - new Date(row.started_on).getTime()
                : null,
            lastUpdatedAt: iso(row.completed_on) ?? iso(row.started_on) ?? iso(row.created_on)!,
          };
        }),
      };
    },
  );
}
