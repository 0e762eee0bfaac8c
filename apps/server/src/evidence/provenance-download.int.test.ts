// GET /api/provenance/{id}: the stored envelope as a JSON attachment that still verifies offline;
// 404 for another tenant's user and for an unknown id, 400 for a malformed id.
import { exportPublicKeyPem, generateKeyPair, verifyEnvelope } from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { signedProvenance } from "../../test/provenance.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
}, 60_000);
afterAll(() => ctx.close());

const builder = generateKeyPair();
const envelope = await signedProvenance(builder.privateKey);

describe("GET /api/provenance/:id", () => {
  it("downloads the uploaded envelope, which still verifies with the builder's key", async () => {
    const key = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/trusted-keys`,
      headers: { cookie: owner.cookie },
      payload: { name: "CI builder", publicKeyPem: exportPublicKeyPem(builder.publicKey) },
    });
    expect(key.statusCode).toBe(201);
    const uploaded = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/provenance`,
      headers: { cookie: owner.cookie },
      payload: { envelope: { dsseEnvelope: envelope } },
    });
    expect(uploaded.json()).toMatchObject({ verified: true });
    const id: string = uploaded.json().id;

    const download = await ctx.app.inject({
      method: "GET",
      url: `/api/provenance/${id}`,
      headers: { cookie: owner.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("application/json");
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="provenance-${id.slice(0, 8)}.json"`,
    );
    expect(download.json()).toEqual(envelope);
    expect(verifyEnvelope(download.json(), [{ keyid: "builder", publicKey: builder.publicKey }]).ok).toBe(
      true,
    );

    const foreign = await ctx.app.inject({
      method: "GET",
      url: `/api/provenance/${id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: expect.any(String) });
  });

  it("answers 404 for an unknown id, 400 for a malformed one and 401 without a session", async () => {
    const unknown = await ctx.app.inject({
      method: "GET",
      url: "/api/provenance/00000000-0000-4000-8000-000000000000",
      headers: { cookie: owner.cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: "GET",
      url: "/api/provenance/not-a-uuid",
      headers: { cookie: owner.cookie },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: expect.any(String) });
    const anonymous = await ctx.app.inject({
      method: "GET",
      url: "/api/provenance/00000000-0000-4000-8000-000000000000",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
