// Auditor samples through the API: reproducible by seed over a stable population order, a seed
// recorded when none is given, the window's bounds, who may draw, and other tenants kept out.
import { memberships, policyRuns, repositories, users } from "@rampart/db/schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { drawPositions } from "./seeded-draw.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
/** The tenant's memberships in the order the population lists them (joined time, then id). */
let population: { id: string; at: Date }[];

/** Members present at the window's end: all 33 for both. */
const WINDOW = { windowStart: "2027-06-01T00:00:00Z", windowEnd: "2030-01-01T00:00:00Z" };
const LATER_WINDOW = { windowStart: "2028-01-01T00:00:00Z", windowEnd: "2030-12-31T00:00:00Z" };

const send = (method: "GET" | "POST", cookie: string, payload?: object, tenantId = admin.tenantId) =>
  ctx.app.inject({
    method,
    url: `/api/tenants/${tenantId}/audit-samples`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx.app, { tenantName: "Acme" });
  auditor = await signUp(ctx.app);
  member = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await ctx.database.db.insert(memberships).values([
    { userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" },
    { userId: member.userId, tenantId: admin.tenantId, role: "member" },
  ]);
  // Thirty more members who joined a day apart in 2029.
  const joined = await ctx.database.db
    .insert(users)
    .values(
      Array.from({ length: 30 }, (_, index) => ({
        email: `joiner${index}@example.test`,
        name: `Joiner ${index}`,
        passwordHash: "not-a-hash",
      })),
    )
    .returning();
  await ctx.database.db.insert(memberships).values(
    joined.map((user, index) => ({
      userId: user.id,
      tenantId: admin.tenantId,
      role: "member" as const,
      createdAt: new Date(Date.UTC(2029, 0, 1 + index)),
    })),
  );
  population = await ctx.database.db
    .select({ id: memberships.userId, at: memberships.createdAt })
    .from(memberships)
    .where(eq(memberships.tenantId, admin.tenantId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId));
  const enabled = await ctx.app.inject({
    method: "PATCH",
    url: `/api/tenants/${admin.tenantId}/auditor-access`,
    headers: { cookie: admin.cookie },
    payload: { enabled: true },
  });
  expect(enabled.statusCode).toBe(200);
}, 60_000);
afterAll(() => ctx.close());

describe("audit samples", () => {
  it("draws the same items for the same seed, in the order the seeded draw gives", async () => {
    const body = { population: "members", ...LATER_WINDOW, size: 5, seed: "soc2-2029-q1" };
    const first = await send("POST", auditor.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    const sample = first.json();
    expect(sample).toMatchObject({
      population: "members",
      size: 5,
      seed: "soc2-2029-q1",
      populationSize: 33,
      createdBy: { id: auditor.userId, email: auditor.email },
    });
    const expected = drawPositions("soc2-2029-q1", 33, 5).map((position) => population[position]!);
    expect(sample.picks.map((item: { id: string }) => item.id)).toEqual(expected.map((item) => item.id));
    expect(sample.picks[0].at).toBe(expected[0]!.at.toISOString());
    expect(sample.picks[0].label).toMatch(/^\S+@example\.test \((admin|member|auditor)\)$/);

    const again = (await send("POST", admin.cookie, body)).json();
    expect(again.picks).toEqual(sample.picks);
    const other = (await send("POST", auditor.cookie, { ...body, seed: "another-seed" })).json();
    expect(other.picks).not.toEqual(sample.picks);
  });

  it("records a random seed when none is given, and redoing the draw with it gives the same picks", async () => {
    const drawn = (await send("POST", auditor.cookie, { population: "members", ...WINDOW, size: 4 })).json();
    expect(drawn.seed).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(drawn.populationSize).toBe(33);
    const redone = (
      await send("POST", auditor.cookie, { population: "members", ...WINDOW, size: 4, seed: drawn.seed })
    ).json();
    expect(redone.picks).toEqual(drawn.picks);
  });

  it("gives the whole population in draw order when asked for more", async () => {
    const all = (
      await send("POST", admin.cookie, { population: "members", ...LATER_WINDOW, size: 500 })
    ).json();
    expect(all.picks).toHaveLength(33);
    expect(new Set(all.picks.map((item: { id: string }) => item.id)).size).toBe(33);
    const empty = await send("POST", admin.cookie, {
      population: "policy-acknowledgements",
      ...WINDOW,
      size: 3,
    });
    expect(empty.statusCode).toBe(201);
    expect(empty.json()).toMatchObject({ populationSize: 0, picks: [] });
  });

  it("lists the samples, newest first, to whoever reads evidence", async () => {
    const before = await send("POST", admin.cookie, {
      population: "members",
      windowStart: "2026-01-01T00:00:00Z",
      windowEnd: "2026-01-02T00:00:00Z",
      size: 1,
    });
    expect(before.json()).toMatchObject({ populationSize: 0, picks: [] });
    const listed = await send("GET", member.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().length).toBeGreaterThanOrEqual(5);
    expect(listed.json()[0].id).toBe(before.json().id);
  });

  it("refuses a window that is empty, reversed or longer than three years", async () => {
    const cases = [
      [
        { windowStart: "2026-01-01T00:00:00Z", windowEnd: "2026-01-01T00:00:00Z" },
        "windowEnd: must be after windowStart",
      ],
      [
        { windowStart: "2026-02-01T00:00:00Z", windowEnd: "2026-01-01T00:00:00Z" },
        "windowEnd: must be after windowStart",
      ],
      [
        { windowStart: "2020-01-01T00:00:00Z", windowEnd: "2023-06-01T00:00:00Z" },
        "The window can be at most 3 years long",
      ],
      [
        { windowStart: "0001-01-01T00:00:00Z", windowEnd: "0002-01-01T00:00:00Z" },
        "windowStart: must be 1970-01-01 or later",
      ],
    ] as const;
    for (const [window, error] of cases) {
      const response = await send("POST", auditor.cookie, { population: "runs", ...window, size: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(error);
    }
    const unknown = await send("POST", auditor.cookie, { population: "secrets", ...WINDOW, size: 1 });
    expect(unknown.statusCode).toBe(400);
    const tooMany = await send("POST", auditor.cookie, { population: "runs", ...WINDOW, size: 501 });
    expect(tooMany.statusCode).toBe(400);
  });

  it("samples the runs created in the window, labelled by repository and commit", async () => {
    const [repository] = await ctx.database.db
      .insert(repositories)
      .values({
        tenantId: admin.tenantId,
        name: "acme/payments-api",
        source: "git",
        location: "https://git.example.test/acme/payments-api.git",
      })
      .returning();
    const runs = await ctx.database.db
      .insert(policyRuns)
      .values(
        Array.from({ length: 12 }, (_, index) => ({
          tenantId: admin.tenantId,
          repositoryId: repository!.id,
          repo: "acme/payments-api",
          commitSha: index.toString(16).repeat(40).slice(0, 40),
          triggeredBy: "manual",
          status: "pass" as const,
          filesScanned: 1,
          failedCount: 0,
          analyzers: {},
          engineVersion: "test",
          selfHash: "test",
          // Monthly through 2025: the window below holds March to August.
          createdAt: new Date(Date.UTC(2025, index, 15)),
        })),
      )
      .returning();
    const inWindow = runs.filter(
      (run) => run.createdAt.getUTCMonth() >= 2 && run.createdAt.getUTCMonth() <= 7,
    );
    const response = await send("POST", auditor.cookie, {
      population: "runs",
      windowStart: "2025-03-01T00:00:00Z",
      windowEnd: "2025-09-01T00:00:00Z",
      size: 3,
      seed: "runs-2025",
    });
    expect(response.statusCode, response.body).toBe(201);
    const sample = response.json();
    expect(sample.populationSize).toBe(6);
    const expected = drawPositions("runs-2025", 6, 3).map((position) => inWindow[position]!);
    expect(sample.picks).toEqual(
      expected.map((run) => ({
        id: run.id,
        label: `acme/payments-api @ ${run.commitSha.slice(0, 12)}`,
        at: run.createdAt.toISOString(),
      })),
    );
  });

  it("lets only admins and auditors draw, and keeps other tenants out", async () => {
    const body = { population: "runs", ...WINDOW, size: 1 };
    expect((await send("POST", member.cookie, body)).statusCode).toBe(403);
    expect((await send("POST", stranger.cookie, body)).statusCode).toBe(404);
    expect((await send("GET", stranger.cookie)).statusCode).toBe(404);
    // The stranger's own tenant has its own, empty list.
    expect((await send("GET", stranger.cookie, undefined, stranger.tenantId)).json()).toEqual([]);
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${admin.tenantId}/auditor-access`,
      headers: { cookie: admin.cookie },
      payload: { enabled: false },
    });
    expect((await send("POST", auditor.cookie, body)).statusCode).toBe(403);
    expect((await send("GET", auditor.cookie)).statusCode).toBe(403);
  });
});
