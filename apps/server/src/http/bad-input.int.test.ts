// Every route of the API, read from the API's own OpenAPI document, is fed bad input by a signed-in
// user on their own tenant: malformed ids, unknown ids, broken JSON, bodies of the wrong shape and
// nonsense query values. Each must answer a 4xx with an `error` message (or succeed where the input
// happens to be acceptable), never a 5xx.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
/** The user's API token, for the routes CI calls with one instead of a session. */
let token: string;

/** Routes authenticated by an API token: their probes carry the user's. */
const TOKEN_ROUTES = new Set(["POST /api/runs/upload"]);

beforeAll(async () => {
  ctx = await createTestContext();
  user = await signUp(ctx.app);
  const created = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${user.tenantId}/api-tokens`,
    headers: { cookie: user.cookie },
    payload: { name: "CI", scopes: ["runs:upload"], expiresInDays: 1 },
  });
  token = created.json().secret;
}, 60_000);
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface Operation {
  parameters?: { in: "path" | "query"; name: string }[];
}

/** Ends the session or the tenant the other probes need: these run last. */
const LAST = [
  "POST /api/tenants/{tenantId}/leave",
  "POST /api/auth/logout",
  "DELETE /api/tenants/{tenantId}",
  "POST /api/tenants/{tenantId}/erase",
];

/** Every route of the API as [method, path template, operation], the ones in LAST at the end. */
async function routes(): Promise<[Method, string, Operation][]> {
  const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  };
  const all = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, operation]) =>
        [method.toUpperCase() as Method, path, operation as Operation] as [Method, string, Operation],
    ),
  );
  const rank = ([method, path]: [Method, string, Operation]) => LAST.indexOf(`${method} ${path}`);
  return all.sort((a, b) => rank(a) - rank(b));
}

/** The path with the user's tenant id, and `other` for every other path parameter. */
const fill = (path: string, other: string) =>
  path.replace("{tenantId}", user.tenantId).replace(/\{[^}]+\}/g, encodeURIComponent(other));

/** Nonsense for every query parameter the route declares. */
const nonsenseQuery = (operation: Operation) =>
  (operation.parameters ?? [])
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => `${parameter.name}=${encodeURIComponent("%zz' or 1=1 --")}`)
    .join("&");

interface Probe {
  name: string;
  url: string;
  payload?: string | object;
  contentType?: string;
}

function probes(method: Method, path: string, operation: Operation): Probe[] {
  const hasIds = /\{(?!tenantId\})[^}]+\}/.test(path);
  const list: Probe[] = [];
  if (hasIds) {
    list.push({ name: "a malformed id", url: fill(path, "not-an-id") });
    list.push({ name: "an unknown id", url: fill(path, randomUUID()) });
  }
  if (path.includes("{tenantId}"))
    list.push({ name: "a malformed tenant id", url: path.replace(/\{[^}]+\}/g, "not-an-id") });
  const query = nonsenseQuery(operation);
  if (query) list.push({ name: "nonsense query values", url: `${fill(path, randomUUID())}?${query}` });
  if (method !== "GET" && method !== "DELETE") {
    const url = fill(path, randomUUID());
    list.push({ name: "broken JSON", url, payload: '{"findingId": ', contentType: "application/json" });
    list.push({ name: "a JSON array", url, payload: "[1, 2, 3]", contentType: "application/json" });
    list.push({
      name: "fields of the wrong type",
      url,
      payload: { tenantId: 7, findingId: ["x"], location: {}, enabled: "yes", name: null, envelope: 3 },
    });
    list.push({
      name: "a huge string",
      url,
      payload: { location: "x".repeat(100_000), reason: "y".repeat(100_000) },
    });
    // PostgreSQL cannot store U+0000: every string field a body may carry holds one.
    const nul = "a\u0000b";
    list.push({
      name: "a NUL character in every field",
      url,
      payload: Object.fromEntries(
        [
          "email",
          "password",
          "name",
          "tenantName",
          "location",
          "reason",
          "scanSchedule",
          "publicKeyPem",
          "confirmName",
        ].map((field) => [field, nul]),
      ),
    });
  }
  if (path.includes("{tenantId}") || (operation.parameters ?? []).some((p) => p.in === "query"))
    list.push({
      name: "a NUL character in the query",
      url: `${fill(path, randomUUID())}?repo=a%00b&name=a%00b`,
    });
  return list;
}

/** Routes that answer without a session, and why. */
const PUBLIC: Record<string, string> = {
  "POST /api/auth/login": "signs in",
  "POST /api/auth/register": "creates a user",
  "POST /api/auth/logout": "ends whatever session there is",
  "GET /api/evidence/public-key": "what an auditor verifies an export with, offline",
  "GET /api/invitations/{token}": "what an invitation link offers, before signing in",
  "POST /api/invitations/{token}/register": "creates the invited user from the link",
  "POST /api/github/webhooks":
    "GitHub's deliveries: their signature authenticates them (webhooks.int.test.ts)",
};

describe("sessions", () => {
  it("every route but the public ones answers 401 without a session", async () => {
    const failures: string[] = [];
    for (const [method, path] of await routes()) {
      if (`${method} ${path}` in PUBLIC) continue;
      const response = await ctx.app.inject({
        method,
        url: fill(path, randomUUID()),
        ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401) failures.push(`${method} ${path}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("bad input on every route", () => {
  it("answers a 4xx with an error message, never a 5xx", async () => {
    const all = await routes();
    expect(all.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [method, path, operation] of all) {
      for (const probe of probes(method, path, operation)) {
        const response = await ctx.app.inject({
          method,
          url: probe.url,
          headers: {
            cookie: user.cookie,
            ...(TOKEN_ROUTES.has(`${method} ${path}`) ? { authorization: `Bearer ${token}` } : {}),
            ...(probe.contentType ? { "content-type": probe.contentType } : {}),
          },
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
        const where = `${method} ${path} with ${probe.name}: ${response.statusCode}`;
        if (response.statusCode >= 500) failures.push(`${where} ${response.body.slice(0, 200)}`);
        else if (response.statusCode >= 400) {
          const body = String(response.headers["content-type"]).includes("json")
            ? response.json()
            : undefined;
          if (typeof body?.error !== "string" || body.error.length === 0)
            failures.push(`${where} without an error`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses dates the database cannot store, naming the field", async () => {
    const user = await signUp(ctx.app); // the sweep above signed its user out and deleted its tenant
    const send = (method: Method, url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
    const exported = await send(
      "GET",
      `/api/tenants/${user.tenantId}/evidence/export?from=0000-01-01&to=0000-01-01`,
    );
    expect(exported.statusCode).toBe(400);
    expect(exported.json().error).toBe("from: must be 1970-01-01 or later");
    const audit = await send("GET", `/api/tenants/${user.tenantId}/audit-log?from=0000-01-01`);
    expect(audit.statusCode).toBe(400);
    expect(audit.json().error).toBe("from: must be 1970-01-01 or later");
    const waiver = await send("POST", `/api/tenants/${user.tenantId}/waivers`, {
      findingId: randomUUID(),
      reason: "until the end of time",
      expiresAt: "9999-12-31T23:59:59-23:59",
    });
    expect(waiver.statusCode).toBe(400);
    expect(waiver.json().error).toBe("expiresAt: must be in year 9999 or earlier");
    const vex = await send("POST", `/api/tenants/${user.tenantId}/vex`, {
      "@context": "https://openvex.dev/ns/v0.2.0",
      author: "a",
      timestamp: "0000-01-01T00:00:00Z",
      statements: [
        { vulnerability: { name: "CVE-1" }, products: [{ "@id": "pkg:npm/x@1" }], status: "affected" },
      ],
    });
    expect(vex.statusCode).toBe(400);
    expect(vex.json().error).toContain("timestamp out of range: 0000-01-01T00:00:00Z");
    const sample = await send("POST", `/api/tenants/${user.tenantId}/audit-samples`, {
      population: "runs",
      windowStart: "0000-01-01T00:00:00Z",
      windowEnd: "0001-01-01T00:00:00Z",
      size: 1,
    });
    expect(sample.statusCode).toBe(400);
    expect(sample.json().error).toBe("windowStart: must be 1970-01-01 or later");
  });
});
