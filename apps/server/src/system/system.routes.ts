// GET /api/system/info and /api/system/jobs for the System Settings drawer, read from the job
// queue itself. Jobs and cron schedules are shown only when they belong to one of the caller's
// tenants or to none (instance jobs), so one tenant never sees another's jobs, errors or
// scheduled scans. Every tenant job carries `tenantId` at the top of its payload (a test walks
// the job definitions); only Rampart's own queues are listed, never pg-boss's internal jobs.
// The scans' memory budget is shown to instance admins only: its use follows every tenant's scans.
import { ErrorBody } from "@rampart/contracts/common";
import { SystemInfo, SystemJobs } from "@rampart/contracts/system";
import type { Database } from "@rampart/db/client";
import { memberships } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { LedgerAlerts } from "../evidence/ledger-alerts.ts";
import type { App } from "../http/types.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import type { ScanMemoryUsage } from "../scan-memory/memory-budget.ts";
import { visibleJobs, workerHealth } from "./worker-health.ts";

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

/** The tenants the user belongs to. */
async function tenantsOf(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return rows.map((row) => row.tenantId);
}

/** An instance job or schedule (no tenant) is everyone's; a tenant's only its members'. */
function isVisible(tenantId: unknown, mine: readonly string[]): boolean {
  return tenantId === undefined || tenantId === null || mine.includes(String(tenantId));
}

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : undefined);

export function registerSystemRoutes(
  app: App,
  deps: {
    db: Database;
    queue: JobQueue | undefined;
    version: string;
    environment: string;
    database: "pglite" | "postgres";
    ledgerAlerts: Pick<LedgerAlerts, "openOfTenants">;
    /** What this process's repository scans hold of their memory budget. */
    scanMemory: () => ScanMemoryUsage;
    /** E-mail addresses (lower case) of INSTANCE_ADMINS. */
    instanceAdmins: readonly string[];
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/system/info",
    { ...guarded, schema: { tags: ["system"], response: { 200: SystemInfo, 401: ErrorBody } } },
    async (request) => {
      const boss = deps.queue?.boss;
      const user = currentUser(request);
      const mine = await tenantsOf(deps.db, user.id);
      const workers = await workerHealth({
        db: deps.db,
        definitions: deps.queue?.definitions() ?? [],
        wip: boss?.getWipData() ?? [],
        mine,
      });
      const names = new Set(deps.queue?.definitions().map((job) => job.name));
      const schedules = (boss ? await boss.getSchedules() : []).filter(
        (schedule) =>
          names.has(schedule.name) &&
          isVisible((schedule.data as { tenantId?: unknown } | undefined)?.tenantId, mine),
      );
      // A schedule's last run is the job it last produced (each scheduled scan is its own row).
      const lastJobIds = schedules.flatMap((schedule) => (schedule.lastJobId ? [schedule.lastJobId] : []));
      const lastRuns = new Map<string, string>();
      if (lastJobIds.length > 0) {
        const rows = (await deps.db.execute(
          sql`select id, created_on from pgboss.job where id = any(${`{${lastJobIds.join(",")}}`}::uuid[])`,
        )) as unknown as { rows: { id: string; created_on: string | Date }[] };
        for (const row of rows.rows) lastRuns.set(row.id, new Date(row.created_on).toISOString());
      }
      const cronJobs = schedules.map((schedule) => {
        const next = boss?.previewSchedule(schedule.cron, { tz: schedule.timezone })[0];
        const lastRun = schedule.lastJobId ? lastRuns.get(schedule.lastJobId) : undefined;
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
        database: deps.database,
        uptime: Math.round(process.uptime()),
        workers,
        cronJobs,
        ledgerAlerts: (await deps.ledgerAlerts.openOfTenants(mine)).map((alert) => ({
          id: alert.id,
          tenantId: alert.tenantId,
          kind: alert.kind,
          message: alert.message,
          treeSize: alert.treeSize,
          detectedAt: alert.detectedAt.toISOString(),
        })),
        ...(deps.instanceAdmins.includes(user.email.toLowerCase()) ? { scanMemory: deps.scanMemory() } : {}),
      };
    },
  );

  app.get(
    "/api/system/jobs",
    { ...guarded, schema: { tags: ["system"], response: { 200: SystemJobs, 401: ErrorBody } } },
    async (request) => {
      const mine = await tenantsOf(deps.db, currentUser(request).id);
      // Only Rampart's queues: pg-boss's own jobs (a cron occurrence forwarded by
      // __pgboss__send-it carries its schedule's payload, tenant and all, one level down) and the
      // dead-letter copies of failed jobs are machinery, never shown.
      const names = deps.queue?.definitions().map((job) => job.name) ?? [];
      const result = (await deps.db.execute(sql`
      select id, name, state, retry_count, output, started_on, completed_on, created_on
      from pgboss.job
      where ${visibleJobs(names, mine)}
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
