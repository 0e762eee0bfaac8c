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

beforeAll(async () => {
  ctx = await createTestContext();
  // A second queue on the test database, with only the test jobs registered.
  queue = createJobQueue({ database: ctx.database, logger: pino({ level: "silent" }) });
  await queue.start([echo, flaky], { runWorkers: true });
});
afterAll(async () => {
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
