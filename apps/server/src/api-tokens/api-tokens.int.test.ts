// API tokens through the API: an admin creates one (its secret shown once, stored hashed), lists
// and revokes them; members, auditors and other tenants cannot; every change is in the audit log.
import { API_TOKEN_PATTERN, API_TOKENS_PER_TENANT } from "@rampart/contracts/api-tokens";
import { apiTokens, memberships } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { tokenHashOf } from "./token-secret.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx.app, { tenantName: "Token Org" });
}, 60_000);
afterAll(() => ctx.close());

const tokensUrl = (tenantId: string) => `/api/tenants/${tenantId}/api-tokens`;

function create(cookie: string, tenantId: string, payload: object) {
  return ctx.app.inject({ method: "POST", url: tokensUrl(tenantId), headers: { cookie }, payload });
}

const ciToken = { name: "GitLab CI", scopes: ["runs:upload"], expiresInDays: 90 };

describe("API tokens", () => {
  it("shows the secret once, stores only its hash, and lists the token without it", async () => {
    const before = Date.now();
    const created = await create(admin.cookie, admin.tenantId, ciToken);
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json();
    expect(token).toMatchObject({
      name: "GitLab CI",
      scopes: ["runs:upload"],
      status: "active",
      createdBy: admin.email,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(token.secret).toMatch(API_TOKEN_PATTERN);
    expect(token.hint).toBe(`${token.secret.slice(0, 10)}…`);
    const expiresIn = new Date(token.expiresAt).getTime() - before;
    expect(Math.round(expiresIn / 86_400_000)).toBe(90);

    const [row] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.tokenHash).toBe(tokenHashOf(token.secret));
    expect(JSON.stringify(row)).not.toContain(token.secret);

    const listed = await ctx.app.inject({
      url: tokensUrl(admin.tenantId),
      headers: { cookie: admin.cookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(token.secret);
    const { secret: _secret, ...shown } = token;
    expect(listed.json()).toContainEqual(shown);
  });

  it("revokes a token once, and keeps it listed as revoked", async () => {
    const token = (await create(admin.cookie, admin.tenantId, { ...ciToken, name: "Jenkins" })).json();
    const revoke = () =>
      ctx.app.inject({
        method: "DELETE",
        url: `${tokensUrl(admin.tenantId)}/${token.id}`,
        headers: { cookie: admin.cookie },
      });
    const revoked = await revoke();
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: token.id, status: "revoked", revokedAt: expect.any(String) });
    const again = await revoke();
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe("API token not found or already revoked");
    const listed = (
      await ctx.app.inject({ url: tokensUrl(admin.tenantId), headers: { cookie: admin.cookie } })
    ).json();
    expect(listed.find((entry: { id: string }) => entry.id === token.id).status).toBe("revoked");
  });

  it("refuses a token without an expiry, past a year, or with an unknown scope", async () => {
    const refusals: [object, string][] = [
      [{ name: "x", scopes: ["runs:upload"] }, "expiresInDays"],
      [{ ...ciToken, expiresInDays: 366 }, "A token expires within 365 days"],
      [{ ...ciToken, expiresInDays: 0 }, "expiresInDays"],
      [{ ...ciToken, scopes: ["admin:everything"] }, "scopes.0"],
      [{ ...ciToken, scopes: [] }, "Choose at least one scope"],
      [{ ...ciToken, name: "  " }, "Name is required"],
      [{ ...ciToken, secret: "rmp_mine" }, "secret"],
    ];
    for (const [payload, reason] of refusals) {
      const response = await create(admin.cookie, admin.tenantId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toContain(reason);
    }
  });

  it("is for admins only: members and auditors get 403, another tenant's admin 404", async () => {
    const member = await signUp(ctx.app);
    const auditor = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    await ctx.database.db.insert(memberships).values([
      { userId: member.userId, tenantId: admin.tenantId, role: "member" },
      { userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" },
    ]);
    const token = (await create(admin.cookie, admin.tenantId, ciToken)).json();
    for (const [user, status] of [
      [member, 403],
      [auditor, 403],
      [stranger, 404],
    ] as const) {
      const headers = { cookie: user.cookie };
      const list = await ctx.app.inject({ url: tokensUrl(admin.tenantId), headers });
      const made = await create(user.cookie, admin.tenantId, ciToken);
      const revoked = await ctx.app.inject({
        method: "DELETE",
        url: `${tokensUrl(admin.tenantId)}/${token.id}`,
        headers,
      });
      expect([list.statusCode, made.statusCode, revoked.statusCode]).toEqual([status, status, status]);
    }
    // The stranger's own tenant does not have the owner's token either.
    const foreign = await ctx.app.inject({
      method: "DELETE",
      url: `${tokensUrl(stranger.tenantId)}/${token.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row!.revokedAt).toBeNull();
  });

  it(`holds at most ${API_TOKENS_PER_TENANT} active tokens per organization`, async () => {
    const owner = await signUp(ctx.app);
    for (let i = 0; i < API_TOKENS_PER_TENANT; i++) {
      const made = await create(owner.cookie, owner.tenantId, { ...ciToken, name: `pipeline ${i}` });
      expect(made.statusCode).toBe(201);
    }
    const refused = await create(owner.cookie, owner.tenantId, ciToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`already has ${API_TOKENS_PER_TENANT} active API tokens`);
  });

  it("records creating and revoking tokens in the audit log, never the secret", async () => {
    const owner = await signUp(ctx.app);
    const token = (await create(owner.cookie, owner.tenantId, ciToken)).json();
    await ctx.app.inject({
      method: "DELETE",
      url: `${tokensUrl(owner.tenantId)}/${token.id}`,
      headers: { cookie: owner.cookie },
    });
    await ctx.services.auditLog.settled();
    const log = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/audit-log?action=api-token`,
      headers: { cookie: owner.cookie },
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json().entries as { action: string; target: string; actor: { email: string } }[];
    expect(entries.map((entry) => [entry.action, entry.target, entry.actor.email])).toEqual([
      ["api-token.revoke", token.id, owner.email],
      ["api-token.create", token.id, owner.email],
    ]);
    expect(log.body).not.toContain(token.secret);
  });
});
