import { memberships, tenants } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoWhenReady } from "../../test/demo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { NO_DEMO_YET } from "./demo.routes.ts";

let ctx: TestContext;
let cookie: string;
let userId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie, userId } = await signUp(ctx.app));
});
afterAll(() => ctx.close());

describe("the caller's own demo organization", () => {
  it("answers 404 before the seed and the seeded id after it", async () => {
    const before = await ctx.app.inject({ url: "/api/demo/tenant-id", headers: { cookie } });
    expect(before.statusCode).toBe(404);
    expect(before.json().error).toBe(NO_DEMO_YET);
    const seeded = await seedDemoWhenReady(ctx.app, cookie);
    const after = await ctx.app.inject({ url: "/api/demo/tenant-id", headers: { cookie } });
    expect(after.json()).toEqual({ tenantId: seeded });
  });

  it("creates exactly one demo organization per user under concurrent seeds", async () => {
    const other = await signUp(ctx.app);
    await ctx.services.demo.ensureTemplate();
    await seedDemoWhenReady(ctx.app, cookie); // the template is ready
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie: other.cookie } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(responses.map((r) => r.json().tenantId));
    expect(ids.size).toBe(1);
    const owned = await ctx.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.demoOwnerUserId, other.userId));
    expect(owned.map((tenant) => tenant.id)).toEqual([...ids]);
    const [membership] = await ctx.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, other.userId), eq(memberships.tenantId, owned[0]!.id)));
    expect(membership?.role).toBe("admin");
    // The first user's demo is another one.
    const mine = await ctx.database.db.select().from(tenants).where(eq(tenants.demoOwnerUserId, userId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.id).not.toBe(owned[0]!.id);
  });

  it("lists the demo organization among the user's own tenants, marked as demo", async () => {
    const listed = (await ctx.app.inject({ url: "/api/tenants", headers: { cookie } })).json() as {
      isDemo: boolean;
      role: string;
    }[];
    expect(listed.filter((tenant) => tenant.isDemo)).toEqual([expect.objectContaining({ role: "admin" })]);
  });

  it("needs a session", async () => {
    expect((await ctx.app.inject({ url: "/api/demo/tenant-id" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "POST", url: "/api/demo/seed" })).statusCode).toBe(401);
  });
});
