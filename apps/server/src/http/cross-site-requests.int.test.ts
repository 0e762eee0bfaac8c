// Cross-site request forgery: a state-changing request needs a JSON body or proof that it came
// from Rampart's own pages, and anything naming another origin or site is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { CROSS_SITE_REFUSED, NO_ORIGIN_REFUSED } from "./cross-site-requests.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
});
afterAll(() => ctx.close());

const signedIn = async (cookie: string) =>
  (await ctx.app.inject({ url: "/api/auth/me", headers: { cookie } })).statusCode === 200;

const attestationCount = async () =>
  (
    await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/attestations`,
      headers: { cookie: owner.cookie },
    })
  ).json().length as number;

describe("state-changing requests from other sites", () => {
  it("refuses a text/plain form POST without Origin: no attestation, no logout", async () => {
    const before = await attestationCount();
    const forged = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/attestations`,
      headers: { cookie: owner.cookie, "content-type": "text/plain", origin: undefined },
      payload: "x=1",
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ error: NO_ORIGIN_REFUSED, code: "forbidden" });
    expect(await attestationCount()).toBe(before);

    const logout = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: owner.cookie, "content-type": "text/plain", origin: undefined },
      payload: "",
    });
    expect(logout.statusCode).toBe(403);
    expect(await signedIn(owner.cookie)).toBe(true);
  });

  it("refuses a form POST from a same-site page of another origin (Sec-Fetch-Site: same-site)", async () => {
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: {
        cookie: owner.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-site",
        origin: "http://blog.localhost",
      },
      payload: "a=b",
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error).toBe(CROSS_SITE_REFUSED);
    expect(await signedIn(owner.cookie)).toBe(true);
  });

  it.each([
    ["another Origin", { origin: "https://evil.example" }],
    ["the same host on another port", { origin: "http://localhost:8080" }],
    ["Origin: null", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", origin: undefined }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site", origin: undefined }],
    [
      "a matching Origin but Sec-Fetch-Site: cross-site",
      { "sec-fetch-site": "cross-site", origin: "http://localhost" },
    ],
  ])("refuses a JSON request carrying %s", async (_name, headers) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers,
      payload: { email: owner.email, password: owner.password },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: CROSS_SITE_REFUSED, code: "forbidden" });
    expect(response.cookies).toHaveLength(0);
  });

  it("refuses an image upload (a raw tarball body) without Origin and accepts it from the web app", async () => {
    const upload = (origin: string | undefined) =>
      ctx.app.inject({
        method: "POST",
        url: `/api/tenants/${owner.tenantId}/images`,
        headers: { cookie: owner.cookie, "content-type": "application/x-tar", origin },
        payload: Buffer.from("not a tarball"),
      });
    const refused = await upload(undefined);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(NO_ORIGIN_REFUSED);
    // From the web app it reaches the route, which then judges the file itself.
    const accepted = await upload("http://localhost");
    expect(accepted.statusCode).not.toBe(403);
    expect(accepted.statusCode).toBeLessThan(500);
  });
});

describe("requests from Rampart's own pages and from API clients", () => {
  it("accepts a body-less POST with the page's own Origin or Sec-Fetch-Site: same-origin", async () => {
    const first = await signUp(ctx.app);
    const byOrigin = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: first.cookie, origin: "http://localhost" },
    });
    expect(byOrigin.statusCode).toBe(200);
    expect(await signedIn(first.cookie)).toBe(false);

    const second = await signUp(ctx.app);
    const byFetchMetadata = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { cookie: second.cookie, "sec-fetch-site": "same-origin", origin: undefined },
    });
    expect(byFetchMetadata.statusCode).toBe(200);
    expect(await signedIn(second.cookie)).toBe(false);
  });

  it("accepts JSON from a client that names no origin (curl, the CLI)", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json; charset=utf-8", origin: undefined },
      payload: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(response.statusCode).toBe(200);
  });

  it("leaves reads alone, whatever their origin", async () => {
    const response = await ctx.app.inject({
      url: "/api/auth/me",
      headers: { cookie: owner.cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("compares the Origin with the address the trusted proxy was reached at", async () => {
    const proxied = await createTestContext({ trustProxy: 1 });
    try {
      const { cookie } = await signUp(proxied.app);
      const logout = (origin: string) =>
        proxied.app.inject({
          method: "POST",
          url: "/api/auth/logout",
          headers: {
            "x-forwarded-proto": "https",
            "x-forwarded-host": "rampart.example",
            origin,
            cookie: cookie.replace("rampart_session", "__Host-rampart_session"),
          },
        });
      expect((await logout("http://localhost")).statusCode).toBe(403);
      expect((await logout("http://rampart.example")).statusCode).toBe(403);
      expect((await logout("https://rampart.example")).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});
