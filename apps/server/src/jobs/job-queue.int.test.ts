import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { createJobQueue, defineJob, type JobQueue } from "./job-queue.ts";

let ctx: TestContext;
let queue: JobQueue;
const handled: string[] = [];
let failuresLeft = 1;

const echo = defineJob({
  name: "test.echo",
  version: 1,
  payload: z.object({ word: z.string() }),
  handle: async ({ word }) => {
    handled.push(word);
  },
});

const flaky = defineJob({
  name: "test.flaky",
  version: 1,
  payload: z.object({ word: z.string() }),
  queue: { retryLimit: 2, retryDelay: 0, retryBackoff: false },
  handle: async ({ word }) => {
    if (failuresLeft-- > 0) throw new Error("first attempt fails");
    handled.push(word);
  },
});

// Tenant work that waits until the test lets it finish, recording the order jobs start in.
const started: string[] = [];
const releases = new Map<string, () => void>();
const tenantWork = defineJob({
  name: "test.tenant-work",
  version: 1,
  payload: z.object({ tenantId: z.string(), label: z.string() }),
  fairness: { tenantOf: ({ tenantId }) => tenantId, perTenant: 1, workers: 2 },
  handle: async ({ label }) => {
    started.push(label);
    await new Promise<void>((resolve) => releases.set(label, resolve));
  },
});

// Jobs claimed by a worker that then dies: no heartbeat, no completion.
const orphanAttempts: { word: string; retryCount: number }[] = [];
const failedForGood: string[] = [];
const orphanable = defineJob({
  name: "test.orphanable",
  version: 1,
  payload: z.object({ word: z.string() }),
  queue: { heartbeatSeconds: 10, retryLimit: 1, retryDelay: 0, retryBackoff: false },
  handle: async ({ word }, attempt) => {
    orphanAttempts.push({ word, retryCount: attempt.retryCount });
  },
  onFailed: async ({ word }) => {
    failedForGood.push(word);
  },
});
const orphanableOnce = defineJob({
  ...orphanable,
  name: "test.orphanable-once",
  queue: { ...orphanable.queue, retryLimit: 0 },
});

const silent = pino({ level: "silent" });

beforeAll(async () => {
  ctx = await createTestContext();
  // A second queue on the test database, with only the test jobs registered.
  queue = createJobQueue({ database: ctx.database, logger: silent });
  await queue.start([echo, flaky, tenantWork], { runWorkers: true });
});
afterAll(async () => {
  for (const release of releases.values()) release();
  await queue.stop();
  await ctx.close();
});

async function until(condition: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("job queue on the application database", () => {
  it("runs a sent job in a worker", async () => {
    await queue.send(echo, { word: "hello" });
    await until(() => handled.includes("hello"));
  });

  it("retries a failed job", async () => {
    await queue.send(flaky, { word: "eventually" });
    await until(() => handled.includes("eventually"));
    expect(failuresLeft).toBeLessThan(0);
  });

  it("refuses a payload that does not match the job's schema before queueing it", async () => {
    await expect(queue.send(echo, { word: 42 } as never)).rejects.toThrow();
  });
});

describe("fairness between tenants", () => {
  it("starts tenant B's one job while tenant A's backlog is still queued", async () => {
    // A's first job is running before the rest arrive: two idle workers fetching at the same
    // instant can both pass pg-boss's group count (it is read, not locked), which is a separate,
    // known limit (docs/architecture.md); this test is about a backlog starving another tenant.
    await queue.send(tenantWork, { tenantId: "tenant-a", label: "a1" });
    await until(() => started.includes("a1"));
    for (let i = 2; i <= 4; i++) await queue.send(tenantWork, { tenantId: "tenant-a", label: `a${i}` });
    await queue.send(tenantWork, { tenantId: "tenant-b", label: "b1" });
    await until(() => started.includes("b1"));
    // A's first job holds one worker; its others wait for it instead of taking the second.
    expect(started.filter((label) => label.startsWith("a"))).toEqual(["a1"]);
    releases.get("a1")!();
    await until(() => started.includes("a2"));
    expect(started).toEqual(["a1", "b1", "a2"]);
    for (const label of ["b1", "a2", "a3", "a4"]) {
      await until(() => releases.has(label));
      releases.get(label)!();
    }
    expect(started).toEqual(["a1", "b1", "a2", "a3", "a4"]);
  }, 60_000);
});

describe("a job whose worker died", () => {
  it("is retried after its heartbeat stops, and reported once no retry is left", async () => {
    // The dead worker: a queue that claims the jobs and then does nothing more with them.
    const dead = createJobQueue({ database: ctx.database, logger: silent });
    await dead.start([orphanable, orphanableOnce], { runWorkers: false });
    await dead.send(orphanable, { word: "retried" });
    await dead.send(orphanableOnce, { word: "given-up" });
    expect(await dead.boss.fetch(orphanable.name)).toHaveLength(1);
    expect(await dead.boss.fetch(orphanableOnce.name)).toHaveLength(1);
    await dead.stop();

    const live = createJobQueue({ database: ctx.database, logger: silent, monitorIntervalSeconds: 1 });
    try {
      const since = Date.now();
      await live.start([orphanable, orphanableOnce], { runWorkers: true });
      await until(() => orphanAttempts.length === 1 && failedForGood.length === 1, 40_000);
      expect(orphanAttempts).toEqual([{ word: "retried", retryCount: 1 }]);
      expect(failedForGood).toEqual(["given-up"]);
      // Within the heartbeat (10 s) and a monitor pass, not the 15-minute expiry.
      expect(Date.now() - since).toBeLessThan(30_000);
    } finally {
      await live.stop();
    }
  }, 60_000);
});
