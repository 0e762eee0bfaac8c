// Scans under load and failure: a tenant's quota of active scans (429 at the API, a skipped
// occurrence for a schedule, recorded as a skipped run), two attempts of one scan writing one run,
// which fetch failures are retried, and a scan whose worker died being retried, or recorded as a
// failed run once no retry is left, within a minute.
import { policyRuns, scans } from "@rampart/db/schema";
import { asc, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { createJobQueue } from "../jobs/job-queue.ts";
import { jobDefinitions } from "../services.ts";
import { SCAN_ABANDONED } from "./scan.service.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let repositoryId: string;

beforeAll(async () => {
  const { root, path: repoPath } = sampleRepository("payments-api", "01-initial");
  // No workers: scans stay queued until a test runs them.
  ctx = await createTestContext({
    localRepositoryRoots: [root],
    runWorkers: false,
    // No host name resolves: a git URL's fetch fails as `unreachable`, as a host that is down does.
    services: {
      TENANT_MAX_ACTIVE_SCANS: 2,
      lookup: async () => {
        throw new Error("getaddrinfo ENOTFOUND");
      },
    },
  });
  owner = await signUp(ctx.app, { tenantName: "Busy Org" });
  const created = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/repositories`,
    headers: { cookie: owner.cookie },
    payload: { location: repoPath, name: "acme/payments-api" },
  });
  repositoryId = created.json().id;
}, 120_000);
afterAll(() => ctx.close());

const runsOfRepository = async () =>
  ctx.database.db
    .select()
    .from(policyRuns)
    .where(eq(policyRuns.repositoryId, repositoryId))
    .orderBy(asc(policyRuns.createdAt));
const scanOf = async (id: string) => (await ctx.database.db.select().from(scans).where(eq(scans.id, id)))[0]!;
/** Settles every scan still queued, so the next test starts under the quota. */
const clearQueue = () =>
  ctx.database.db
    .update(scans)
    .set({ state: "failed", error: "cleared by the test" })
    .where(eq(scans.state, "queued"));

async function until(condition: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("the tenant's quota of active scans", () => {
  it("answers 429 to a scan past the quota, and a schedule skips its occurrence", () =>
    // Service calls outside a request run as a job of the tenant would (row-level security).
    asTenant(owner.tenantId, async () => {
      const input = { tenantId: owner.tenantId, repositoryId, triggeredBy: "manual" };
      await ctx.services.scans.requestWithinQuota(input);
      await ctx.services.scans.requestWithinQuota(input);
      const refused = await ctx.app.inject({
        method: "POST",
        url: "/api/runs/trigger",
        headers: { cookie: owner.cookie },
        payload: { tenantId: owner.tenantId },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(
        "This organization already has 2 scans queued or running; try again when one has finished",
      );
      await ctx.services.scans.scheduledScanJob.handle(
        { tenantId: owner.tenantId, repositoryId },
        { jobId: "occurrence", retryCount: 0, isLastAttempt: true },
      );
      expect(await ctx.services.scans.activeCount(owner.tenantId)).toBe(2);
      const [skipped] = await runsOfRepository();
      expect(skipped).toMatchObject({
        triggeredBy: "schedule",
        status: "skip",
        reasonCode: "quota",
        reason:
          "Skipped: this organization already had 2 scans queued or running; the next scheduled scan tries again",
      });
      // Each scan job joins its tenant's group, which is what caps the workers a tenant holds.
      const { rows } = (await ctx.database.db.execute(
        sql`select distinct group_id from pgboss.job where name = 'scans.run'`,
      )) as unknown as { rows: { group_id: string }[] };
      expect(rows).toEqual([{ group_id: owner.tenantId }]);
      await clearQueue();
    }));

  it("lets parallel requests past the quota only as far as it goes", () =>
    // Service calls outside a request run as a job of the tenant would (row-level security).
    asTenant(owner.tenantId, async () => {
      const input = { tenantId: owner.tenantId, repositoryId, triggeredBy: "manual" };
      const results = await Promise.allSettled(
        [1, 2, 3, 4].map(() => ctx.services.scans.requestWithinQuota(input)),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
      await clearQueue();
    }));
});

describe("a scan whose repository cannot be fetched", () => {
  async function gitRepository(name: string) {
    const created = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
      payload: { location: `https://git.example.test/acme/${name}.git`, name: `acme/${name}` },
    });
    expect(created.statusCode).toBe(201);
    return created.json().id as string;
  }
  const runsOf = (id: string) =>
    ctx.database.db.select().from(policyRuns).where(eq(policyRuns.repositoryId, id));

  it("is retried when a host did not answer and nobody waits, and recorded once no retry is left", () =>
    asTenant(owner.tenantId, async () => {
      const id = await gitRepository("flaky");
      const scan = await ctx.services.scans.request({
        tenantId: owner.tenantId,
        repositoryId: id,
        triggeredBy: "schedule",
      });
      await expect(ctx.services.scans.execute(scan.id, false)).rejects.toThrow(/could not be reached/);
      expect(await scanOf(scan.id)).toMatchObject({ state: "queued", runId: null });
      expect(await runsOf(id)).toEqual([]);
      await ctx.services.scans.execute(scan.id, true);
      const [run] = await runsOf(id);
      expect(run).toMatchObject({ status: "fail", reasonCode: "unreachable" });
      expect(await scanOf(scan.id)).toMatchObject({ state: "failed", runId: run!.id });
    }));

  it("fails on its first attempt when someone waits on it", () =>
    asTenant(owner.tenantId, async () => {
      const id = await gitRepository("down");
      const scan = await ctx.services.scans.request({
        tenantId: owner.tenantId,
        repositoryId: id,
        triggeredBy: "manual",
      });
      await ctx.services.scans.execute(scan.id, false);
      const [run] = await runsOf(id);
      expect(run).toMatchObject({ status: "fail", reasonCode: "unreachable", triggeredBy: "manual" });
      expect(await scanOf(scan.id)).toMatchObject({ state: "failed", runId: run!.id });
      await ctx.app.inject({
        method: "DELETE",
        url: `/api/tenants/${owner.tenantId}/repositories/${id}`,
        headers: { cookie: owner.cookie },
      });
    }));
});

describe("a scan attempted twice", () => {
  it(
    "writes one run: the second attempt finds the scan completed and writes nothing",
    () =>
      // Service calls outside a request run as a job of the tenant would (row-level security).
      asTenant(owner.tenantId, async () => {
        const before = (await runsOfRepository()).length;
        const scan = await ctx.services.scans.request({
          tenantId: owner.tenantId,
          repositoryId,
          triggeredBy: "manual",
        });
        // As when a worker thought dead is retried while the first attempt still runs.
        await Promise.all([
          ctx.services.scans.execute(scan.id, false),
          ctx.services.scans.execute(scan.id, false),
        ]);
        const runs = await runsOfRepository();
        expect(runs).toHaveLength(before + 1);
        expect(await scanOf(scan.id)).toMatchObject({
          state: "completed",
          runId: runs.at(-1)!.id,
          error: null,
        });
      }),
    60_000,
  );
});

describe("a scan whose worker died", () => {
  it(
    "is retried within a minute, or marked failed when no retry is left",
    () =>
      // Service calls outside a request run as a job of the tenant would (row-level security).
      asTenant(owner.tenantId, async () => {
        const boss = ctx.jobs.boss;
        // The earlier tests' jobs, so that the dead worker claims these two.
        await ctx.database.db.execute(sql`delete from pgboss.job where name = 'scans.run'`);
        const request = () =>
          ctx.services.scans.request({ tenantId: owner.tenantId, repositoryId, triggeredBy: "manual" });
        // Short heartbeats for the test (pg-boss's minimum); jobs carry their queue's settings.
        await boss.updateQueue("scans.run", {
          heartbeatSeconds: 10,
          retryLimit: 1,
          retryDelay: 0,
          retryBackoff: false,
        });
        const retried = await request();
        expect(await boss.fetch("scans.run")).toHaveLength(1);
        await boss.updateQueue("scans.run", { retryLimit: 0 });
        const abandoned = await request();
        expect(await boss.fetch("scans.run")).toHaveLength(1);
        // The dead worker had got as far as marking them running.
        await ctx.database.db
          .update(scans)
          .set({ state: "running" })
          .where(eq(scans.tenantId, owner.tenantId));
        const runsBefore = (await runsOfRepository()).length;

        const since = Date.now();
        const live = createJobQueue({
          database: ctx.database,
          logger: pino({ level: "silent" }),
          monitorIntervalSeconds: 1,
        });
        try {
          await live.start(jobDefinitions(ctx.services), { runWorkers: true });
          await until(async () => {
            const [a, b] = [await scanOf(retried.id), await scanOf(abandoned.id)];
            return a.state === "completed" && b.state === "failed";
          }, 50_000);
          expect(Date.now() - since).toBeLessThan(45_000);
        } finally {
          await live.stop();
        }
        const abandonedScan = await scanOf(abandoned.id);
        expect(abandonedScan).toMatchObject({ state: "failed", error: SCAN_ABANDONED });
        const runs = await runsOfRepository();
        expect(runs).toHaveLength(runsBefore + 2);
        expect(runs.find((run) => run.id === abandonedScan.runId)).toMatchObject({
          status: "fail",
          reasonCode: "abandoned",
          reason: SCAN_ABANDONED,
        });
      }),
    90_000,
  );
});
