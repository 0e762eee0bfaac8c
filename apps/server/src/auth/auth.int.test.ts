import { tenants, users } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signIn, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const register = (payload: object) => ctx.app.inject({ method: "POST", url: "/api/auth/register", payload });

describe("POST /api/auth/register", () => {
  it("creates the user, its organization and an admin membership", async () => {
    const response = await register({
      email: "Founder@Example.test",
      password: "long enough",
      name: "Ada",
      tenantName: "Acme",
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user.email).toBe("founder@example.test");
    expect(user.memberships).toEqual([{ tenantId: expect.any(String), tenantName: "Acme", role: "admin" }]);
    expect(response.cookies).toHaveLength(0); // registration leads to the sign-in page, not a session
  });

  it("stores an argon2id hash, never the password", async () => {
    await register({ email: "hash@example.test", password: "plain secret", name: "H", tenantName: "H" });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "hash@example.test"));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("plain secret");
  });

  it("answers 409 on a duplicate e-mail and leaves no organization behind", async () => {
    await register({ email: "dup@example.test", password: "long enough", name: "A", tenantName: "First" });
    const response = await register({
      email: "DUP@example.test",
      password: "long enough",
      name: "B",
      tenantName: "Orphan Candidate",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("An account with this e-mail already exists");
    const orphans = await ctx.database.db.select().from(tenants).where(eq(tenants.name, "Orphan Candidate"));
    expect(orphans).toHaveLength(0);
  });

  it.each([
    [
      { email: "x@example.test", password: "short", name: "A", tenantName: "T" },
      "Password must be at least 8",
    ],
    [{ email: "not-an-email", password: "long enough", name: "A", tenantName: "T" }, "valid e-mail"],
    [{ email: "x@example.test", password: "long enough", name: "", tenantName: "T" }, "Name is required"],
    [
      { email: "x@example.test", password: "long enough", name: "A", tenantName: " " },
      "Organization name is required",
    ],
    [{ email: "x@example.test", password: "long enough", name: "A" }, "tenantName"],
  ])("rejects %j with a 400 and a readable error", async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });

  it("rejects malformed JSON with a 400", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });
});

describe("sign-in and sessions", () => {
  it("gives the same error for an unknown e-mail and a wrong password", async () => {
    const { email } = await signUp(ctx.app);
    const wrongPassword = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password: "wrong password" },
    });
    const unknownEmail = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.test", password: "wrong password" },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().error).toBe("Invalid email or password");
  });

  it("sets an HttpOnly, SameSite=Lax session cookie and serves /me with it", async () => {
    const { email, password } = await signUp(ctx.app);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    const cookie = login.cookies.find((c) => c.name === "rampart_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    expect(cookie.secure).toBeFalsy(); // plain HTTP here; Secure behind HTTPS (see the TRUST_PROXY test)
    const me = await ctx.app.inject({
      url: "/api/auth/me",
      headers: { cookie: `rampart_session=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(email);
  });

  it("marks the cookie Secure when the request came over HTTPS through a trusted proxy", async () => {
    const secureCtx = await createTestContext({ trustProxy: true });
    try {
      const { email, password } = await signUp(secureCtx.app);
      const login = await secureCtx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-proto": "https" },
        payload: { email, password },
      });
      expect(login.cookies.find((c) => c.name === "rampart_session")!.secure).toBe(true);
    } finally {
      await secureCtx.close();
    }
  });

  it("answers 401 on /me without a session, with a forged token, and after logout", async () => {
    expect((await ctx.app.inject({ url: "/api/auth/me" })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      url: "/api/auth/me",
      headers: { cookie: "rampart_session=forged" },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toBe("Sign in to continue");

    const { cookie } = await signUp(ctx.app);
    const logout = await ctx.app.inject({ method: "POST", url: "/api/auth/logout", headers: { cookie } });
    expect(logout.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
  });

  it("stores only the hash of the session token", async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const token = cookie.split("=")[1]!;
    const rows = await ctx.database.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.userId, userId),
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("slides the expiry once less than half of the lifetime remains", async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const { sessions } = await import("@rampart/db/schema");
    await ctx.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, userId));
    const me = await ctx.app.inject({ url: "/api/auth/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const renewed = me.cookies.find((c) => c.name === "rampart_session");
    expect(renewed?.expires?.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("refuses an expired session", async () => {
    const { cookie, userId } = await signUp(ctx.app);
    const { sessions } = await import("@rampart/db/schema");
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, userId));
    expect((await ctx.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode).toBe(401);
    expect(await ctx.services.auth.purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
  });

  it("rate-limits login and register per client", async () => {
    const limited = await createTestContext({ authRateLimitPerMinute: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "nobody@example.test", password: "whatever1" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it("signs in with the e-mail in any letter case", async () => {
    const { email, password } = await signUp(ctx.app);
    await expect(signIn(ctx.app, email.toUpperCase(), password)).resolves.toMatch(/^rampart_session=/);
  });
});
