import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { MAX_NESTING_DEPTH } from "./nul-characters.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the HTTP surface", () => {
  it("publishes an OpenAPI document with every API route", async () => {
    const response = await ctx.app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      "/api/auth/register",
      "/api/auth/login",
      "/api/auth/me",
      "/api/tenants/{tenantId}",
      "/api/demo/seed",
    ]) {
      expect(paths).toContain(path);
    }
    expect((await ctx.app.inject({ url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("sets security headers", async () => {
    const response = await ctx.app.inject({ url: "/api/health" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("asks browsers to upgrade to HTTPS only when the request came over HTTPS", async () => {
    // Over plain HTTP (HOST=0.0.0.0 on a LAN) the upgrade sent every asset to an HTTPS port that
    // nothing answers, and the page stayed blank.
    for (const url of ["/api/health", "/login", "/api/docs/static/index.html"]) {
      const plain = await ctx.app.inject({ url });
      expect(plain.headers["content-security-policy"], url).toContain("default-src 'self'");
      expect(plain.headers["content-security-policy"], url).not.toContain("upgrade-insecure-requests");
    }
    const proxied = await createTestContext({ trustProxy: 1 });
    try {
      const overHttps = await proxied.app.inject({
        url: "/api/health",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(overHttps.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
      const overHttp = await proxied.app.inject({
        url: "/api/health",
        headers: { "x-forwarded-proto": "http" },
      });
      expect(overHttp.headers["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    } finally {
      await proxied.close();
    }
  });

  it("keeps every answer of an authenticated route, downloads included, out of caches", async () => {
    const owner = await signUp(ctx.app);
    const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const publicPaths = new Set(["/api/auth/register", "/api/auth/login"]);
    let checked = 0;
    const publicReads: string[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      if (publicPaths.has(template)) continue;
      const url = template.replace("{tenantId}", owner.tenantId).replace(/\{[^}]+\}/g, () => randomUUID());
      for (const method of Object.keys(operations)) {
        if (method !== "get") continue;
        const signedOut = await ctx.app.inject({ url });
        if (signedOut.statusCode !== 401) {
          publicReads.push(template);
          if (template.startsWith("/api/invitations/"))
            expect(signedOut.headers["cache-control"], template).toBe("no-store");
          continue;
        }
        expect(signedOut.headers["cache-control"], template).toBe("no-store");
        const signedIn = await ctx.app.inject({ url, headers: { cookie: owner.cookie } });
        expect(signedIn.headers["cache-control"], `${template}: ${signedIn.statusCode}`).toBe("no-store");
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    // Only what anyone may read anyway is served without a session (and may be cached).
    // (and an invitation's preview, which its secret link authorises, never cached).
    expect(publicReads).toEqual(["/api/invitations/{token}", "/api/evidence/public-key"]);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: owner.password },
    });
    expect(login.headers["cache-control"]).toBe("no-store");
  });

  it("answers JSON nested deeper than any route needs with a 400, before authentication", async () => {
    const depth = 5_000;
    const payload = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    for (const url of ["/api/auth/login", "/api/auth/register"]) {
      const response = await ctx.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        error: `The request nests objects or arrays more than ${MAX_NESTING_DEPTH} levels deep`,
        code: "bad_request",
      });
    }
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await ctx.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "No route GET /api/nope", code: "not_found" });
  });

  it("rejects an oversized body with a 413 and an error message naming the limit", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.test", password: "x".repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe("The request body is larger than 1 MiB, the most this route accepts");
  });
});
