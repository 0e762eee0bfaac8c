import { evidenceArtifacts, ledgerCheckpoints, tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = (await signUp(ctx.app)).cookie;
});
afterAll(() => ctx.close());

describe("demo tenant", () => {
  it("answers 404 before the seed and the seeded id after it", async () => {
    const before = await ctx.app.inject({ url: "/api/demo/tenant-id", headers: { cookie } });
    expect(before.statusCode).toBe(404);
    expect(before.json().error).toBe("The demo organization has not been created yet");
    const seeded = await ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    expect(seeded.statusCode).toBe(200);
    const after = await ctx.app.inject({ url: "/api/demo/tenant-id", headers: { cookie } });
    expect(after.json()).toEqual(seeded.json());
  });

  it("creates exactly one demo tenant under concurrent seeds", async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } }),
      ),
    );
    const ids = new Set(responses.map((r) => r.json().tenantId));
    expect(ids.size).toBe(1);
    const demos = await ctx.database.db.select().from(tenants).where(eq(tenants.isDemo, true));
    expect(demos).toHaveLength(1);
  });

  it("gives any user its evidence export without writing to its ledger", async () => {
    const demoId = (await ctx.app.inject({ url: "/api/demo/tenant-id", headers: { cookie } })).json()
      .tenantId;
    const counts = async () => ({
      entries: await ctx.database.db.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, demoId)),
      checkpoints: await ctx.database.db.$count(ledgerCheckpoints, eq(ledgerCheckpoints.tenantId, demoId)),
    });
    const before = await counts();
    const exported = await ctx.app.inject({
      url: `/api/tenants/${demoId}/evidence/export?from=2026-01-01&to=2026-12-31`,
      headers: { cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().checkpoint).toEqual(expect.any(String));
    expect(await counts()).toEqual(before);
  });

  it("needs a session", async () => {
    expect((await ctx.app.inject({ url: "/api/demo/tenant-id" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "POST", url: "/api/demo/seed" })).statusCode).toBe(401);
  });
});
