// Scans within the worker's memory budget: with a budget smaller than any scan's estimate, one
// scan runs at a time and a second one (of another tenant, so the per-tenant cap is not what
// holds it) waits in the queue, tried again without spending an attempt, and starts once the
// first ends. Each run records its peak memory, which the run API returns to the run's tenant
// only, and the budget's use shows in the system information of instance admins. The jobs that
// only put a scan back in the queue are not listed among a tenant's recent jobs.
import { policyRuns, scans } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const ADMIN_EMAIL = "operator@example.test";
let ctx: TestContext;
let first: Awaited<ReturnType<typeof signUp>>;
let second: Awaited<ReturnType<typeof signUp>>;
const repositoryOf = new Map<string, string>();

beforeAll(async () => {
  const repositories = [
    sampleRepository("payments-api", "01-initial"),
    sampleRepository("payments-api", "01-initial"),
  ];
  ctx = await createTestContext({
    localRepositoryRoots: repositories.map((repository) => repository.root),
    services: {
      // 1 MiB: below any scan's estimate, so only the "one scan always runs" rule lets one start.
      SCAN_MEMORY_BUDGET_MB: 1,
      SCAN_WORKERS: 2,
      SCAN_WORKERS_PER_TENANT: 2,
      scanMemoryRetrySeconds: 1,
      INSTANCE_ADMINS: [ADMIN_EMAIL],
    },
  });
  first = await signUp(ctx.app, { tenantName: "First Org", email: ADMIN_EMAIL });
  second = await signUp(ctx.app, { tenantName: "Second Org" });
  for (const [owner, repository] of [
    [first, repositories[0]!],
    [second, repositories[1]!],
  ] as const) {
    const created = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
      payload: { location: repository.path, name: "acme/payments-api" },
    });
    expect(created.statusCode).toBe(201);
    repositoryOf.set(owner.tenantId, created.json().id);
  }
}, 120_000);
afterAll(() => ctx?.close());

const scanOf = async (id: string) => (await ctx.database.db.select().from(scans).where(eq(scans.id, id)))[0]!;
const jobsOf = async (scanId: string) =>
  (
    (await ctx.database.db.execute(
      sql`select state, data from pgboss.job where name = 'scans.run' and data->>'scanId' = ${scanId}`,
    )) as unknown as { rows: { state: string; data: { memoryEstimateBytes?: number } }[] }
  ).rows;

async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const requestScan = (owner: typeof first) =>
  asTenant(owner.tenantId, () =>
    ctx.services.scans.request({
      tenantId: owner.tenantId,
      repositoryId: repositoryOf.get(owner.tenantId)!,
      triggeredBy: "manual",
    }),
  );

/**
 * Holds every scan at its advisory lookup (after it reserved its memory, before the engine) until
 * `open` is called; records how many scans held memory each time one got there.
 */
function holdScans() {
  const advisories = ctx.services.advisories;
  const original = advisories.sourceFor;
  const runningWhenReached: number[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  advisories.sourceFor = async (packages) => {
    runningWhenReached.push(ctx.services.scans.memoryUsage().runningScans);
    await gate;
    return original(packages);
  };
  return {
    runningWhenReached,
    open,
    restore: () => {
      advisories.sourceFor = original;
    },
  };
}

describe("scans within the memory budget", () => {
  it("queues a second scan while the first runs, and starts it once the first ends", async () => {
    const held = holdScans();
    try {
      const scanA = await requestScan(first);
      await until(async () => held.runningWhenReached.length === 1, 30_000);
      expect((await scanOf(scanA.id)).state).toBe("running");

      const scanB = await requestScan(second);
      // B checked out, measured its estimate, found no room, and went back to the queue with it.
      await until(async () => (await jobsOf(scanB.id)).length >= 3, 30_000);
      const jobsOfB = await jobsOf(scanB.id);
      expect(jobsOfB.some((job) => job.state === "failed")).toBe(false);
      expect(jobsOfB.some((job) => (job.data.memoryEstimateBytes ?? 0) > 1024 * 1024)).toBe(true);
      expect((await scanOf(scanB.id)).state).toBe("queued");
      expect((await scanOf(scanA.id)).state).toBe("running");
      expect(ctx.services.scans.memoryUsage()).toMatchObject({ runningScans: 1 });

      held.open();
      await until(async () => (await scanOf(scanB.id)).state === "completed", 60_000);
      const [a, b] = [await scanOf(scanA.id), await scanOf(scanB.id)];
      expect(a.state).toBe("completed");
      // B reached the engine only after A had let go of its memory: one scan held memory each time.
      expect(held.runningWhenReached).toEqual([1, 1]);
      const runs = await ctx.database.db.select().from(policyRuns);
      const runA = runs.find((run) => run.id === a.runId)!;
      const runB = runs.find((run) => run.id === b.runId)!;
      expect(runB.createdAt.getTime()).toBeGreaterThanOrEqual(runA.createdAt.getTime());
      for (const run of [runA, runB]) {
        expect(run.reasonCode).toBeNull();
        expect(run.peakMemoryBytes).toEqual(expect.any(Number));
        expect(run.peakMemoryBytes).toBeGreaterThanOrEqual(0);
      }
      await memoryGivenBack();

      // B's deferrals were jobs too, but its tenant's Recent Jobs show the one job that ran it.
      const deferred = (await jobsOf(scanB.id)).filter((job) => job.state === "completed").length;
      expect(deferred).toBeGreaterThanOrEqual(3);
      const listed = await ctx.app.inject({ url: "/api/system/jobs", headers: { cookie: second.cookie } });
      expect(listed.statusCode).toBe(200);
      const scanJobs = listed.json().jobs.filter((job: { jobName: string }) => job.jobName === "scans.run");
      expect(scanJobs).toHaveLength(1);
      expect(scanJobs[0].status).toBe("completed");
    } finally {
      held.restore();
    }
  }, 120_000);

  it("returns the peak on the run to its tenant, and 404 to another tenant's user", async () => {
    const [run] = await ctx.database.db
      .select()
      .from(policyRuns)
      .where(eq(policyRuns.tenantId, first.tenantId));
    const own = await ctx.app.inject({ url: `/api/runs/${run!.id}`, headers: { cookie: first.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json().run.peakMemoryBytes).toBe(run!.peakMemoryBytes);
    const list = await ctx.app.inject({
      url: `/api/tenants/${first.tenantId}/runs`,
      headers: { cookie: first.cookie },
    });
    expect(list.json().runs[0].peakMemoryBytes).toBe(run!.peakMemoryBytes);
    const other = await ctx.app.inject({ url: `/api/runs/${run!.id}`, headers: { cookie: second.cookie } });
    expect(other.statusCode).toBe(404);
  });

  // The scan's state is written before its lease is released (the job's `finally`): wait for both.
  async function memoryGivenBack(): Promise<void> {
    await until(async () => ctx.services.scans.memoryUsage().runningScans === 0, 5_000);
    expect(ctx.services.scans.memoryUsage()).toMatchObject({ reservedBytes: 0, runningScans: 0 });
  }

  it("gives the memory back when a scan fails", async () => {
    const advisories = ctx.services.advisories;
    const original = advisories.sourceFor;
    advisories.sourceFor = async () => {
      throw new Error("advisory store down");
    };
    try {
      // The repository now has a recorded peak: the estimate comes from it, before the checkout.
      const scan = await requestScan(first);
      await until(async () => (await scanOf(scan.id)).error?.endsWith("(retrying)") === true, 30_000);
      await memoryGivenBack();
      advisories.sourceFor = original;
      await until(async () => (await scanOf(scan.id)).state === "completed", 60_000);
      await memoryGivenBack();
    } finally {
      advisories.sourceFor = original;
    }
  }, 120_000);

  it("shows the budget and its use to instance admins only", async () => {
    const admin = await ctx.app.inject({ url: "/api/system/info", headers: { cookie: first.cookie } });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().scanMemory).toEqual({ budgetBytes: 1024 * 1024, reservedBytes: 0, runningScans: 0 });
    const other = await ctx.app.inject({ url: "/api/system/info", headers: { cookie: second.cookie } });
    expect(other.statusCode).toBe(200);
    expect(other.json().scanMemory).toBeUndefined();
  });
});
