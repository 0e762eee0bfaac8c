// The evidence ledger on both databases: appends never fork under concurrency, rows cannot be
// changed, tampering is found at exactly the changed entry, and exports verify offline.
import { evidenceArtifacts, tenants } from "@rampart/db/schema";
import { importPublicKey, verifyExport } from "@rampart/ledger";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Ledger Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other" });
});
afterAll(() => ctx.close());

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const append = (tenantId: string, n: number) =>
  ctx.database.db.transaction((tx) =>
    ctx.services.ledger.append(tx, { tenantId, artifactType: "run", content: { kind: "test", n } }),
  );

/** Changes a stored artifact behind the application's back, as an attacker with database access would. */
async function tamper(statement: ReturnType<typeof sql>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table evidence_artifacts disable trigger evidence_artifacts_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table evidence_artifacts enable trigger evidence_artifacts_append_only`);
  });
}

describe("the evidence ledger", () => {
  it("keeps one unbroken chain under 10 concurrent appends", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, n) => append(owner.tenantId, n)));
    const rows = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, owner.tenantId));
    expect(rows.map((row) => row.index).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const verification = await asTenant(owner.tenantId, () => ctx.services.ledger.verify(owner.tenantId));
    expect(verification).toMatchObject({ isValid: true, length: 10 });
  });

  it("refuses to update or delete an artifact", async () => {
    await expect(
      ctx.database.db.execute(
        sql`update evidence_artifacts set content = '{"kind":"forged"}' where index = 0`,
      ),
    ).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`delete from evidence_artifacts where index = 0`),
    ).rejects.toThrow();
  });

  it("lists artifacts with the chain's verified status, and publishes the public key", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/evidence`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.artifacts).toHaveLength(10);
    expect(body.artifacts[9].prevHash).toBe(body.genesisHash);
    expect(body.chain).toMatchObject({
      isValid: true,
      totalRuns: 10,
      chainLength: 10,
      lastHash: body.artifacts[0].hash,
    });
    expect(body.chain.lastVerifiedAt).toEqual(expect.any(String));
    const key = (await ctx.app.inject({ url: "/api/evidence/public-key" })).json();
    expect(key.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(key.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("exports a document that verifies offline, and a later export consistent with it", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const first = await get(
      `/api/tenants/${owner.tenantId}/evidence/export?from=${today}&to=${today}&format=json`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-disposition"]).toBe(
      `attachment; filename="evidence-export-${today}-to-${today}.json"`,
    );
    const key = importPublicKey(
      (await ctx.app.inject({ url: "/api/evidence/public-key" })).json().publicKeyPem,
    );
    if (!key.ok) throw new Error(key.error);
    const firstDoc = first.json();
    const firstReport = verifyExport(firstDoc, { trustedPublicKey: key.key });
    expect(firstReport.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(firstReport.ok).toBe(true);

    await append(owner.tenantId, 10);
    const second = (
      await get(`/api/tenants/${owner.tenantId}/evidence/export?from=${today}&to=${today}`)
    ).json();
    const report = verifyExport(second, {
      trustedPublicKey: key.key,
      earlierCheckpoint: firstDoc.checkpoint,
    });
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "consistency")?.status).toBe("pass");
  });

  it("finds tampering at exactly the changed entry", async () => {
    await tamper(
      sql`update evidence_artifacts set content = '{"kind":"test","n":99}' where tenant_id = ${owner.tenantId}::uuid and index = 4`,
    );
    const verification = await asTenant(owner.tenantId, () => ctx.services.ledger.verify(owner.tenantId));
    expect(verification).toMatchObject({ isValid: false, failedIndex: 4 });
    expect(verification.reason).toMatch(/^content-hash-mismatch/);
    const chain = (await get(`/api/tenants/${owner.tenantId}/evidence`)).json().chain;
    expect(chain).toMatchObject({ isValid: false, failure: { index: 4 } });
  });

  it("answers 404 to another tenant's user and 400 to bad export queries", async () => {
    expect((await get(`/api/tenants/${owner.tenantId}/evidence`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (
        await get(
          `/api/tenants/${owner.tenantId}/evidence/export?from=2026-01-01&to=2026-01-02`,
          stranger.cookie,
        )
      ).statusCode,
    ).toBe(404);
    for (const query of [
      "from=2026-01-02&to=2026-01-01",
      "from=yesterday&to=2026-01-01",
      "from=2026-01-01",
    ]) {
      const response = await get(`/api/tenants/${owner.tenantId}/evidence/export?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("never dates an entry before the one it follows", async () => {
    const { tenantId } = await signUp(ctx.app, { tenantName: "History Org" });
    const at = (day: string) => new Date(`${day}T12:00:00.000Z`);
    const appendAsOf = (createdAt: Date, n: number) =>
      ctx.database.db.transaction((tx) =>
        ctx.services.ledger.append(tx, {
          tenantId,
          artifactType: "run",
          content: { kind: "test", n },
          createdAt,
        }),
      );
    await appendAsOf(at("2026-10-28"), 0);
    await appendAsOf(at("2026-11-27"), 1);
    // A late caller recording history as of an earlier day: the entry takes its predecessor's date.
    await appendAsOf(at("2026-11-02"), 2);
    await appendAsOf(at("2026-11-30"), 3);
    const rows = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, tenantId))
      .orderBy(evidenceArtifacts.index);
    expect(rows.map((row) => row.createdAt.toISOString().slice(0, 10))).toEqual([
      "2026-10-28",
      "2026-11-27",
      "2026-11-27",
      "2026-11-30",
    ]);
  });

  it("lets a tenant be erased with its ledger", async () => {
    const doomed = await signUp(ctx.app, { tenantName: "Doomed" });
    await append(doomed.tenantId, 0);
    // "Delete Tenant" only closes a tenant and keeps its ledger; erasure removes it.
    const deleted = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${doomed.tenantId}/erase`,
      headers: { cookie: doomed.cookie },
      payload: { confirmName: "Doomed" },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(tenants).where(eq(tenants.id, doomed.tenantId))).toHaveLength(
      0,
    );
    expect(
      await ctx.database.db
        .select()
        .from(evidenceArtifacts)
        .where(eq(evidenceArtifacts.tenantId, doomed.tenantId)),
    ).toHaveLength(0);
  });
});
