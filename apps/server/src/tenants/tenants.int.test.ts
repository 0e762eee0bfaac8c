import {
  evidenceArtifacts,
  instanceLog,
  memberships,
  repositories,
  scans,
  tenants,
} from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoWhenReady } from "../../test/demo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
});
afterAll(() => ctx.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** One entry in the tenant's evidence ledger, as a scan would append. */
const appendEvidence = (tenantId: string) =>
  ctx.database.db.transaction((tx) =>
    ctx.services.ledger.append(tx, { tenantId, artifactType: "run", content: { test: "evidence" } }),
  );

/** Adds an existing user to a tenant with a role, as an invitation would. */
async function addMember(tenantId: string, role: "member" | "auditor") {
  const user = await signUp(ctx.app);
  await ctx.database.db.insert(memberships).values({ userId: user.userId, tenantId, role });
  return user;
}

// Every tenant route, with a valid body: used for the 404, 403 and 401 sweeps below.
const tenantRoutes = (tenantId: string) =>
  [
    ["GET", `/api/tenants/${tenantId}`, undefined],
    ["PATCH", `/api/tenants/${tenantId}/settings`, { auditorAccessEnabled: true }],
    ["PATCH", `/api/tenants/${tenantId}/auditor-access`, { enabled: true }],
    ["DELETE", `/api/tenants/${tenantId}`, undefined],
    ["POST", `/api/tenants/${tenantId}/erase`, { confirmName: "Owner Org" }],
  ] as const;
const routeNames = tenantRoutes(":tenantId").map(
  ([method, url], index) => [`${method} ${url}`, index] as const,
);

describe("tenant isolation", () => {
  it.each(routeNames)("%s answers 404 to a user of another tenant", async (_name, index) => {
    const [method, url, payload] = tenantRoutes(owner.tenantId)[index]!;
    const response = await call(method, url, stranger.cookie, payload);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Organization not found");
    const [row] = await ctx.database.db.select().from(tenants).where(eq(tenants.id, owner.tenantId));
    expect(row?.auditorAccessEnabled).toBe(false); // still there, unchanged
  });

  it("lists only the caller's tenants", async () => {
    const response = await call("GET", "/api/tenants", owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((t: { name: string }) => t.name)).toEqual(["Owner Org"]);
  });

  it("answers 404 for a tenant that does not exist and 400 for a malformed id", async () => {
    const missing = await call("GET", "/api/tenants/00000000-0000-4000-8000-000000000000", owner.cookie);
    expect(missing.statusCode).toBe(404);
    const malformed = await call("GET", "/api/tenants/not-a-uuid", owner.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/tenantId/);
  });

  it.each(tenantRoutes("00000000-0000-4000-8000-000000000000"))(
    "%s %s needs a session",
    async (method, url, payload) => {
      const response = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
    },
  );
});

describe("roles", () => {
  it("lets an admin change auditor access through both spec paths", async () => {
    const settings = await call("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, {
      auditorAccessEnabled: true,
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().auditorAccessEnabled).toBe(true);
    const toggle = await call("PATCH", `/api/tenants/${owner.tenantId}/auditor-access`, owner.cookie, {
      enabled: false,
    });
    expect(toggle.json().auditorAccessEnabled).toBe(false);
    const read = await call("GET", `/api/tenants/${owner.tenantId}`, owner.cookie);
    expect(read.json()).toMatchObject({
      name: "Owner Org",
      auditorAccessEnabled: false,
      role: "admin",
      isDemo: false,
    });
  });

  it("lets an admin set the pull-request gate, high by default", async () => {
    const read = await call("GET", `/api/tenants/${owner.tenantId}`, owner.cookie);
    expect(read.json().prGateSeverity).toBe("high");
    const changed = await call("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, {
      prGateSeverity: "critical",
    });
    expect(changed.json().prGateSeverity).toBe("critical");
    const refused = await call("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, {
      prGateSeverity: "severe",
    });
    expect(refused.statusCode).toBe(400);
    await call("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, { prGateSeverity: "high" });
  });

  it.each(["auditor", "member"] as const)(
    "answers 403 to an %s on writes but lets them read",
    async (role) => {
      const user = await addMember(owner.tenantId, role);
      expect((await call("GET", `/api/tenants/${owner.tenantId}`, user.cookie)).json().role).toBe(role);
      for (const [method, url, payload] of tenantRoutes(owner.tenantId).slice(1)) {
        const response = await call(method, url, user.cookie, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    },
  );

  it("rejects bodies of the wrong shape with 400", async () => {
    const wrongType = await call("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, {
      auditorAccessEnabled: "yes",
    });
    expect(wrongType.statusCode).toBe(400);
    const wrongName = await call("PATCH", `/api/tenants/${owner.tenantId}/auditor-access`, owner.cookie, {
      auditorAccessEnabled: true,
    });
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().error).toEqual(expect.any(String));
  });
});

describe("create and delete", () => {
  it("creates another tenant for the caller as admin", async () => {
    const user = await signUp(ctx.app, { tenantName: "First" });
    const created = await call("POST", "/api/tenants", user.cookie, { name: "Second" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: "Second", role: "admin" });
    const list = await call("GET", "/api/tenants", user.cookie);
    expect(list.json().map((t: { name: string }) => t.name)).toEqual(["First", "Second"]);
    expect((await call("POST", "/api/tenants", user.cookie, { name: "" })).statusCode).toBe(400);
  });

  it("closes a tenant on Delete Tenant: gone from lists, no writes, its ledger kept and verifiable", async () => {
    const admin = await signUp(ctx.app, { tenantName: "Closing" });
    const member = await addMember(admin.tenantId, "member");
    await appendEvidence(admin.tenantId);
    const [repository] = await ctx.database.db
      .insert(repositories)
      .values({
        tenantId: admin.tenantId,
        name: "acme/app",
        source: "git",
        location: "https://git.example.test/a.git",
      })
      .returning();
    const deleted = await call("DELETE", `/api/tenants/${admin.tenantId}`, admin.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: admin.tenantId });

    for (const user of [admin, member]) {
      const listed = (await call("GET", "/api/tenants", user.cookie)).json() as { id: string }[];
      expect(listed.map((tenant) => tenant.id)).not.toContain(admin.tenantId);
      const me = (await call("GET", "/api/auth/me", user.cookie)).json();
      expect(me.user.memberships.map((row: { tenantId: string }) => row.tenantId)).not.toContain(
        admin.tenantId,
      );
    }
    // A schedule set before the close starts no scan.
    await ctx.services.scans.scheduledScanJob.handle(
      {
        tenantId: admin.tenantId,
        repositoryId: repository!.id,
      },
      { jobId: "test", retryCount: 0, isLastAttempt: true },
    );
    expect(await ctx.database.db.select().from(scans).where(eq(scans.tenantId, admin.tenantId))).toEqual([]);
    for (const [method, url, payload] of [
      ["PATCH", `/api/tenants/${admin.tenantId}/settings`, { auditorAccessEnabled: true }],
      ["POST", `/api/tenants/${admin.tenantId}/attestations`, undefined],
      ["DELETE", `/api/tenants/${admin.tenantId}`, undefined],
      ["POST", `/api/tenants/${admin.tenantId}/invitations`, { email: "late@example.test", role: "member" }],
    ] as const) {
      const response = await call(method, url, admin.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe("This organization is closed: nothing in it can be changed");
    }
    const evidence = await call("GET", `/api/tenants/${admin.tenantId}/evidence`, member.cookie);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json().artifacts.length).toBeGreaterThan(0);
    const verified = await call("POST", `/api/tenants/${admin.tenantId}/evidence/verify`, member.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().chain.isValid).toBe(true);
    expect(
      await ctx.database.db.select().from(memberships).where(eq(memberships.tenantId, admin.tenantId)),
    ).toHaveLength(2);
  });

  it("erases a tenant only when its admin types the name, leaving a signed record in the instance log", async () => {
    const admin = await signUp(ctx.app, { tenantName: "Doomed" });
    const member = await addMember(admin.tenantId, "member");
    await appendEvidence(admin.tenantId);
    const url = `/api/tenants/${admin.tenantId}/erase`;
    expect((await call("POST", url, member.cookie, { confirmName: "Doomed" })).statusCode).toBe(403);
    const mistyped = await call("POST", url, admin.cookie, { confirmName: "doomed" });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error).toBe("Type the organization's name exactly to confirm the erasure");
    // Closing first is the usual way; a closed tenant can still be erased.
    expect((await call("DELETE", `/api/tenants/${admin.tenantId}`, admin.cookie)).statusCode).toBe(200);

    const erased = await call("POST", url, admin.cookie, { confirmName: "Doomed" });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({ erased: true, id: admin.tenantId });
    const { db } = ctx.database;
    expect(await db.select().from(tenants).where(eq(tenants.id, admin.tenantId))).toEqual([]);
    expect(await db.select().from(memberships).where(eq(memberships.tenantId, admin.tenantId))).toEqual([]);
    expect(
      await db.select().from(evidenceArtifacts).where(eq(evidenceArtifacts.tenantId, admin.tenantId)),
    ).toEqual([]);
    expect((await call("GET", `/api/tenants/${admin.tenantId}`, member.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/auth/me", member.cookie)).statusCode).toBe(200);

    const entries = await ctx.services.instanceLog.entries();
    const record = entries.find((entry) => entry.index === erased.json().recordIndex)!;
    expect(record.hash).toBe(erased.json().recordHash);
    expect(record.content).toMatchObject({
      type: "tenant_erased",
      tenant: { id: admin.tenantId, name: "Doomed" },
      erasedBy: { userId: admin.userId, email: admin.email },
      ledger: { length: 1 },
    });
    expect(await ctx.services.instanceLog.verify()).toEqual({ ok: true, length: entries.length });
    await expect(db.execute(sql`update instance_log set kind = 'tenant_erased'`)).rejects.toThrow();
    await expect(db.delete(instanceLog)).rejects.toThrow();
  });
});

describe("a user's demo organization", () => {
  it("is its owner's alone: hidden from every other user, listed among the owner's tenants", async () => {
    const demoId = await seedDemoWhenReady(ctx.app, stranger.cookie);
    const read = await call("GET", `/api/tenants/${demoId}`, stranger.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ isDemo: true, role: "admin" });
    for (const [method, url, payload] of tenantRoutes(demoId)) {
      const response = await call(method, url, owner.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call("GET", "/api/tenants", owner.cookie)).json()).toHaveLength(1);
    const templateId = (await ctx.services.demo.findTemplateId())!;
    expect((await call("GET", `/api/tenants/${templateId}`, stranger.cookie)).statusCode).toBe(404);
  });
});
