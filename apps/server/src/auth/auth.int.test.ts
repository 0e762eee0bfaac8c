import { loginAttempts, tenants, users } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, signIn, signUp, type TestContext } from "../../test/harness.ts";
import { startSmtpSink } from "../../test/smtp-sink.ts";
import { loadConfig } from "../config.ts";
import { loginAccountKey } from "./auth.service.ts";
import { hashPassword } from "./password.ts";

// Counted rather than timed: a taken e-mail must cost the same hashing as a new one, and timings
// on a loaded machine say too little to tell.
vi.mock("./password.ts", async (original) => {
  const actual = await original<typeof import("./password.ts")>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

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
    expect(response.json()).toEqual({ ok: true });
    expect(response.cookies).toHaveLength(0); // registration leads to the sign-in page, not a session
    const cookie = await signIn(ctx.app, "founder@example.test", "long enough");
    const { user } = (await ctx.app.inject({ url: "/api/auth/me", headers: { cookie } })).json();
    expect(user.email).toBe("founder@example.test");
    expect(user.memberships).toEqual([{ tenantId: expect.any(String), tenantName: "Acme", role: "admin" }]);
  });

  it("stores an argon2id hash, never the password", async () => {
    await register({ email: "hash@example.test", password: "plain secret", name: "H", tenantName: "H" });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, "hash@example.test"));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain("plain secret");
  });

  it("answers a taken e-mail exactly as a new one, tells the owner by mail, and leaves nothing behind", async () => {
    const sink = await startSmtpSink();
    const mailCtx = await createTestContext({ services: { SMTP_URL: sink.url } });
    try {
      const registerThere = async (email: string, tenantName: string) => {
        const before = vi.mocked(hashPassword).mock.calls.length;
        const response = await mailCtx.app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { email, password: "long enough", name: "A", tenantName },
        });
        return { response, hashes: vi.mocked(hashPassword).mock.calls.length - before };
      };
      await registerThere("dup@example.test", "First");
      for (let round = 0; round < 3; round++) {
        const newOne = await registerThere(`fresh${round}@example.test`, `Fresh ${round}`);
        const again = await registerThere("DUP@example.test", "Orphan Candidate");
        expect(again.response.statusCode).toBe(newOne.response.statusCode);
        expect(again.response.body).toBe(newOne.response.body);
        expect(again.response.headers["content-type"]).toBe(newOne.response.headers["content-type"]);
        // The same password hashing runs for both: a shortcut for taken e-mails would be faster.
        expect(newOne.hashes).toBe(1);
        expect(again.hashes).toBe(1);
      }

      const notice = await sink.waitFor((mail) => mail.to.includes("dup@example.test"));
      expect(notice.subject).toBe("Someone tried to create a Rampart account with your e-mail address");
      expect(notice.text).toContain("http://rampart.test/login");
      expect(sink.received.filter((mail) => mail.to.some((to) => to.startsWith("fresh")))).toEqual([]);
      const orphans = await mailCtx.database.db
        .select()
        .from(tenants)
        .where(eq(tenants.name, "Orphan Candidate"));
      expect(orphans).toHaveLength(0);
      // The first registration's password still signs in; the attempt changed nothing.
      await expect(signIn(mailCtx.app, "dup@example.test", "long enough")).resolves.toMatch(
        /rampart_session=/,
      );
    } finally {
      await mailCtx.close();
      await sink.close();
    }
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
    [
      { email: "x@example.test", password: "          ", name: "A", tenantName: "T" },
      "Password must not be only spaces",
    ],
    [{ email: "x@example.test", password: "\t \n \t \n ", name: "A", tenantName: "T" }, "only spaces"],
  ])("rejects %j with a 400 and a readable error", async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
    expect(response.json().error).not.toMatch(/^body\./); // the form's field names, not schema paths
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

  it("names the cookie __Host-rampart_session (Secure, Path=/, no Domain) over HTTPS through a trusted proxy", async () => {
    const secureCtx = await createTestContext({ trustProxy: 1 });
    try {
      const { email, password } = await signUp(secureCtx.app);
      const overHttps = { "x-forwarded-proto": "https", "x-forwarded-host": "rampart.example" };
      const login = await secureCtx.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { ...overHttps, origin: "https://rampart.example" },
        payload: { email, password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.cookies.map((c) => c.name)).toEqual(["__Host-rampart_session"]);
      const cookie = login.cookies[0]!;
      expect(cookie).toMatchObject({ secure: true, path: "/", httpOnly: true, sameSite: "Lax" });
      expect(cookie.domain).toBeUndefined();

      const me = (cookieHeader: string, headers: Record<string, string>) =>
        secureCtx.app.inject({ url: "/api/auth/me", headers: { ...headers, cookie: cookieHeader } });
      expect((await me(`__Host-rampart_session=${cookie.value}`, overHttps)).statusCode).toBe(200);
      // Over HTTPS only the prefixed name counts (a sibling subdomain could plant the plain one),
      // and over plain HTTP only the plain one.
      expect((await me(`rampart_session=${cookie.value}`, overHttps)).statusCode).toBe(401);
      expect((await me(`__Host-rampart_session=${cookie.value}`, {})).statusCode).toBe(401);

      const logout = await secureCtx.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: {
          ...overHttps,
          origin: "https://rampart.example",
          cookie: `__Host-rampart_session=${cookie.value}`,
        },
      });
      expect(logout.statusCode).toBe(200);
      expect(logout.cookies[0]).toMatchObject({ name: "__Host-rampart_session", value: "", secure: true });
      expect((await me(`__Host-rampart_session=${cookie.value}`, overHttps)).statusCode).toBe(401);
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
      const attempt = (email: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email, password: "whatever1" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`nobody${i}@example.test`)).statusCode).toBe(401);
      const blocked = await attempt("someone-else@example.test");
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });

  it("believes X-Forwarded-For only as far as TRUST_PROXY hops: TRUST_PROXY=true is one proxy", async () => {
    const { TRUST_PROXY } = loadConfig({ TRUST_PROXY: "true" });
    const limited = await createTestContext({ authRateLimitPerMinute: 10, trustProxy: TRUST_PROXY });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await limited.app.inject({
          method: "POST",
          url: "/api/auth/login",
          // The client forges the first entry; the one proxy appends the address it saw.
          headers: { "x-forwarded-for": `10.1.${i}.1, 203.0.113.7` },
          payload: { email: `victim${i}@example.test`, password: "guess number 1" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
    } finally {
      await limited.close();
    }
  });

  it("locks an e-mail after a few attempts from any address, even for the right password, and briefly", async () => {
    const locking = await createTestContext({ trustProxy: 1, loginAttemptsPerAccount: 5 });
    try {
      const { email, password } = await signUp(locking.app);
      const login = (as: string, withPassword: string, i: number) =>
        locking.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "x-forwarded-for": `10.2.${i}.1` },
          payload: { email: as, password: withPassword },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await login(email, `wrong guess ${i}`, i)).statusCode);
      expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
      expect(statuses.slice(5)).toEqual(Array(35).fill(429));

      const rightPassword = await login(email, password, 99);
      expect(rightPassword.statusCode).toBe(429);
      expect(rightPassword.json().error).toMatch(
        /^Too many sign-in attempts for this account\. Try again in 1[0-5] minutes\.$/,
      );
      expect(rightPassword.cookies).toHaveLength(0);

      // An unknown e-mail locks alike, with the same words: the lock tells nobody who has an account.
      for (let i = 0; i < 5; i++)
        expect((await login("nobody@example.test", "guess", i)).statusCode).toBe(401);
      const unknown = await login("nobody@example.test", "guess", 6);
      expect(unknown.statusCode).toBe(429);
      expect(unknown.json()).toEqual(rightPassword.json());

      // The table holds a hash, not the address; once the window has passed the owner signs in.
      const [row] = await locking.database.db
        .select()
        .from(loginAttempts)
        .where(eq(loginAttempts.accountKey, loginAccountKey(email)));
      expect(row!.accountKey).toMatch(/^[0-9a-f]{64}$/);
      await locking.database.db
        .update(loginAttempts)
        .set({ windowStartedAt: new Date(Date.now() - 15 * 60_000 - 1000) })
        .where(eq(loginAttempts.accountKey, loginAccountKey(email)));
      expect((await login(email, password, 100)).statusCode).toBe(200);
      // A successful sign-in clears the count: four wrong guesses later the right one still works.
      for (let i = 0; i < 4; i++) expect((await login(email, "wrong again", i)).statusCode).toBe(401);
      expect((await login(email, password, 101)).statusCode).toBe(200);
      expect(await locking.services.auth.purgeOldLoginAttempts()).toBe(0);
    } finally {
      await locking.close();
    }
  });

  it("signs in with the e-mail in any letter case", async () => {
    const { email, password } = await signUp(ctx.app);
    await expect(signIn(ctx.app, email.toUpperCase(), password)).resolves.toMatch(/^rampart_session=/);
  });
});
