import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backend, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { jobDefinitions } from "../services.ts";

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  // A scan of Bob's (its job carries Bob's tenant) that fails: nothing to check out.
  await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${bob.tenantId}/repositories`,
    headers: { cookie: bob.cookie },
    payload: { location: "https://git.invalid/bob/secret-project.git", scanSchedule: "13 3 * * *" },
  });
  await ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    headers: { cookie: bob.cookie },
    payload: { tenantId: bob.tenantId },
  });
});
afterAll(() => ctx.close());

describe("the settings drawer's calls", () => {
  it("reports version, uptime, workers and cron jobs with their next run", async () => {
    const response = await ctx.app.inject({ url: "/api/system/info", headers: { cookie: alice.cookie } });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info).toMatchObject({
      version: expect.any(String),
      environment: "test",
      // What the data runs on, for the drawer's "production (embedded database)".
      database: backend,
      uptime: expect.any(Number),
    });
    expect(info.workers.map((w: { name: string }) => w.name)).toContain("scans.run");
    const verify = info.cronJobs.find((c: { name: string }) => c.name === "ledger.verify-all");
    expect(verify).toMatchObject({ enabled: true, schedule: "7 * * * *", nextRun: expect.any(String) });
    expect(new Date(verify.nextRun).getTime()).toBeGreaterThan(Date.now());
  });

  it("lists the scheduled scans of the caller's tenants only", async () => {
    const cronOf = async (cookie: string) =>
      (await ctx.app.inject({ url: "/api/system/info", headers: { cookie } }))
        .json()
        .cronJobs.filter((c: { name: string }) => c.name.startsWith("scans.scheduled"));
    expect(await cronOf(bob.cookie)).toEqual([
      {
        name: expect.stringMatching(/^scans\.scheduled \([0-9a-f]{8}\)$/),
        enabled: true,
        schedule: "13 3 * * *",
        nextRun: expect.any(String),
      },
    ]);
    expect(await cronOf(alice.cookie)).toEqual([]);
  });

  it("dates a schedule's last run by the job it last produced", async () => {
    // As pg-boss does when the cron fires: the schedule row names the job it sent.
    const { rows } = (await ctx.database.db.execute(
      sql`select id, created_on from pgboss.job where name = 'scans.run' and data->>'tenantId' = ${bob.tenantId}`,
    )) as unknown as { rows: { id: string; created_on: string | Date }[] };
    const job = rows[0]!;
    await ctx.database.db.execute(
      sql`update pgboss.schedule set last_job_id = ${job.id} where name = 'scans.scheduled'`,
    );
    const info = (await ctx.app.inject({ url: "/api/system/info", headers: { cookie: bob.cookie } })).json();
    const scheduled = info.cronJobs.find((c: { name: string }) => c.name.startsWith("scans.scheduled"));
    expect(scheduled.lastRun).toBe(new Date(job.created_on).toISOString());
  });

  it("lists recent jobs of the caller's tenants only, with attempt errors", async () => {
    const bobs = (await ctx.app.inject({ url: "/api/system/jobs", headers: { cookie: bob.cookie } })).json()
      .jobs;
    expect(bobs.some((job: { jobName: string }) => job.jobName === "scans.run")).toBe(true);
    const alices = (
      await ctx.app.inject({ url: "/api/system/jobs", headers: { cookie: alice.cookie } })
    ).json().jobs;
    expect(alices.some((job: { jobName: string }) => job.jobName === "scans.run")).toBe(false);
    expect(JSON.stringify(alices)).not.toContain("secret-project");
  });

  it("keeps pg-boss's own jobs out, such as another tenant's forwarded cron occurrence", async () => {
    // As pg-boss's cron monitor files an occurrence of Bob's scheduled scan: the schedule's
    // payload, Bob's tenant and repository, one level down in the internal job's data.
    const occurrence = await ctx.jobs.boss.send("__pgboss__send-it", {
      name: "scans.scheduled",
      key: "6f1c1b9e-6a43-4c51-9a59-6f6e0f3c2b11",
      data: { tenantId: bob.tenantId, repositoryId: "6f1c1b9e-6a43-4c51-9a59-6f6e0f3c2b11" },
      options: {},
    });
    expect(occurrence).toBeTruthy();
    for (const user of [alice, bob]) {
      const jobs = (
        await ctx.app.inject({ url: "/api/system/jobs", headers: { cookie: user.cookie } })
      ).json().jobs as { jobId: string; jobName: string }[];
      expect(jobs.map((job) => job.jobId)).not.toContain(occurrence);
      expect(jobs.filter((job) => job.jobName.startsWith("__pgboss"))).toEqual([]);
    }
  });

  it("keeps the dead-letter copies of failed jobs out: the failed job itself is listed", async () => {
    const copy = await ctx.jobs.boss.send("scans.run.failed", {
      tenantId: bob.tenantId,
      repositoryId: "6f1c1b9e-6a43-4c51-9a59-6f6e0f3c2b11",
    });
    expect(copy).toBeTruthy();
    const jobs = (await ctx.app.inject({ url: "/api/system/jobs", headers: { cookie: bob.cookie } })).json()
      .jobs as { jobId: string; jobName: string }[];
    expect(jobs.map((job) => job.jobId)).not.toContain(copy);
    expect(jobs.some((job) => job.jobName === "scans.run")).toBe(true);
  });

  it("can tell every tenant job by the tenantId at the top of its payload", () => {
    // Instance jobs are listed to every user: a new job that works on a tenant's data must carry
    // tenantId (or be added here after checking that its payload and errors hold nothing of one).
    const instanceJobs = [
      "sessions.purge-expired",
      "waivers.expire",
      "ledger.verify-all",
      "attestations.weekly",
      "osv-import",
      // Removes idle demo organizations: its payload is empty and its errors name no tenant's data.
      "demo.remove-idle",
      // Forgets old webhook delivery ids: no payload, and the table has no tenant.
      "github.purge-deliveries",
      // Opens each open organization's evidence requests for the period and e-mails owners of
      // overdue ones: no payload; a failed e-mail is a result, not an error naming anyone.
      "evidence-requests.remind",
      // Erases organizations closed longer than the retention period: no payload; what it erased
      // goes to the instance log, its errors name tenant ids only.
      "tenants.retention",
    ];
    for (const job of jobDefinitions(ctx.services)) {
      if (instanceJobs.includes(job.name)) continue;
      const shape = (job.payload as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(Object.keys(shape), job.name).toContain("tenantId");
    }
  });

  it("needs a session", async () => {
    expect((await ctx.app.inject({ url: "/api/system/info" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: "/api/system/jobs" })).statusCode).toBe(401);
  });
});

describe("dependency findings", () => {
  it("answers the tenant's SCA findings with stats, and 404 to another tenant", async () => {
    const mine = await ctx.app.inject({
      url: `/api/tenants/${alice.tenantId}/sca`,
      headers: { cookie: alice.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ findings: [], stats: { total: 0, critical: 0, high: 0, med: 0, low: 0 } });
    const theirs = await ctx.app.inject({
      url: `/api/tenants/${alice.tenantId}/sca`,
      headers: { cookie: bob.cookie },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("answers 404 for an unknown finding and 400 for a bad body on the dependency fix call", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/fixes/dependency",
      headers: { cookie: alice.cookie },
      payload: { findingId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(response.statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/fixes/dependency",
      headers: { cookie: alice.cookie },
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the settings drawer's worker rows", () => {
  // Workers off: the jobs stay as the test sets them, as an API process sees jobs that workers in
  // other processes (`npm run worker`) run.
  let quiet: TestContext;
  let carol: Awaited<ReturnType<typeof signUp>>;
  let dave: Awaited<ReturnType<typeof signUp>>;
  const repositoryId = "6f1c1b9e-6a43-4c51-9a59-6f6e0f3c2b11";

  /** Sends a job, then puts it where a worker would have left it. */
  async function jobIn(name: string, data: object, state: string, startedOn?: string) {
    const id = await quiet.jobs.boss.send(name, data);
    if (!id) throw new Error(`${name} was not sent`);
    await quiet.database.db.execute(sql`
      update pgboss.job set state = ${state}::pgboss.job_state, started_on = ${startedOn ?? null}::timestamptz,
        completed_on = ${state === "completed" || state === "failed" ? (startedOn ?? null) : null}::timestamptz
      where id = ${id}::uuid`);
    return id;
  }

  beforeAll(async () => {
    quiet = await createTestContext({ runWorkers: false });
    carol = await signUp(quiet.app);
    dave = await signUp(quiet.app);
    await jobIn(
      "scans.run",
      { tenantId: carol.tenantId, repositoryId },
      "completed",
      "2026-01-02T03:04:05.000Z",
    );
    await jobIn("scans.run", { tenantId: carol.tenantId, repositoryId }, "created");
    // Dave's scan started later and is still running: nothing of it is Carol's to see.
    await jobIn("scans.run", { tenantId: dave.tenantId, repositoryId }, "active", "2026-01-03T00:00:00.000Z");
    // An instance job: everyone's.
    await jobIn("ledger.verify-all", {}, "failed", "2026-01-02T01:00:00.000Z");
  });
  afterAll(() => quiet.close());

  const workersOf = async (cookie: string) =>
    (await quiet.app.inject({ url: "/api/system/info", headers: { cookie } })).json().workers as {
      name: string;
    }[];

  it("gives each queue its own last run, last result, queued and active counts and schedule", async () => {
    const carols = await workersOf(carol.cookie);
    const byName = new Map(carols.map((worker) => [worker.name, worker]));
    expect(byName.get("scans.run")).toEqual({
      name: "scans.run",
      status: "idle",
      jobCount: 1,
      queued: 1,
      active: 0,
      lastRun: "2026-01-02T03:04:05.000Z",
      lastResult: "completed",
    });
    expect(byName.get("ledger.verify-all")).toEqual({
      name: "ledger.verify-all",
      status: "idle",
      jobCount: 0,
      queued: 0,
      active: 0,
      lastRun: "2026-01-02T01:00:00.000Z",
      lastResult: "failed",
      schedule: "7 * * * *",
    });
    // A queue that has not run has no last run of its own (not another queue's, nor the last poll).
    expect(byName.get("waivers.expire")).toEqual({
      name: "waivers.expire",
      status: "idle",
      jobCount: 0,
      queued: 0,
      active: 0,
      schedule: "*/15 * * * *",
    });

    const daves = new Map((await workersOf(dave.cookie)).map((worker) => [worker.name, worker]));
    expect(daves.get("scans.run")).toMatchObject({
      status: "running",
      queued: 0,
      active: 1,
      lastRun: "2026-01-03T00:00:00.000Z",
      lastResult: "active",
    });
  });

  it("lists every queue Rampart defines once, and none of pg-boss's or the dead-letter queues", async () => {
    const names = (await workersOf(carol.cookie)).map((worker) => worker.name);
    expect(names).toEqual(jobDefinitions(quiet.services).map((job) => job.name));
    expect(names.filter((name) => name.startsWith("__pgboss") || name.endsWith(".failed"))).toEqual([]);
  });
});

describe("the worker rows with workers in this process", () => {
  it("shows each queue once, however many workers serve it, with no last run before any job ran", async () => {
    // SCAN_WORKERS (2) scan workers per process; pg-boss stamps a worker's last job start on every
    // empty poll, which made every queue show the same "last run".
    const busy = await createTestContext();
    try {
      const user = await signUp(busy.app);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const workers = (
        await busy.app.inject({ url: "/api/system/info", headers: { cookie: user.cookie } })
      ).json().workers as { name: string; lastRun?: string }[];
      const names = workers.map((worker) => worker.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names).toContain("images.scan");
      expect(workers.find((worker) => worker.name === "images.scan")?.lastRun).toBeUndefined();
      expect(workers.find((worker) => worker.name === "attestations.weekly")?.lastRun).toBeUndefined();
    } finally {
      await busy.close();
    }
  });
});
