import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/harness.ts";

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
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const response = await ctx.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "No route GET /api/nope", code: "not_found" });
  });

  it("rejects an oversized body with a 413 and an error message", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.test", password: "x".repeat(2_000_000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toEqual(expect.any(String));
  });
});
