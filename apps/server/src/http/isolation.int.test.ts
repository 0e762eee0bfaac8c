// Every route of the API, read from the API's own OpenAPI document, is called by a user of
// another tenant with the owner's ids. A read must answer 404 while the owner gets 200 on the same
// URL (so the probe really names the owner's data); a write must answer 404 with a body the owner
// could send, and leave the owner's data as it was. Inside the tenant, a write answers 403 to a
// read-only auditor (unless it stores nothing) and an admin's write 403 to a member. A new route
// fails here until it gets its ids in READS or WRITES, or is listed in NOT_ONE_TENANTS_DATA with
// the reason.
import { rmSync } from "node:fs";
import { memberships } from "@rampart/db/schema";
import { exportPublicKeyPem, generateKeyPair } from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext, withoutMembershipChecks } from "../../test/harness.ts";
import { signedProvenance } from "../../test/provenance.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
const ids = {
  run: "",
  scan: "",
  attestation: "",
  provenance: "",
  control: "",
  finding: "",
  repository: "",
  waiver: "",
};

/** Routes that do not address one tenant's data by id, and why. */
const NOT_ONE_TENANTS_DATA: Record<string, string> = {
  "GET /api/auth/me": "the caller's own user",
  "POST /api/auth/login": "signs in",
  "POST /api/auth/logout": "signs out",
  "POST /api/auth/register": "creates a user and their own tenant",
  "GET /api/tenants": "the caller's own tenants",
  "POST /api/tenants": "creates a tenant the caller administers",
  "GET /api/demo/tenant-id": "the shared demo tenant, readable by every user",
  "POST /api/demo/seed": "the shared demo tenant, readable by every user",
  "GET /api/evidence/public-key": "the instance's public signing key",
  "GET /api/frameworks": "the public framework catalogue",
  "GET /api/system/info": "instance health; schedules filtered to the caller's tenants (system.int.test.ts)",
  "GET /api/system/jobs": "filtered to the caller's tenants (system.int.test.ts)",
};

/** URLs of the GET routes whose path or required query holds more than the tenant id. */
const READS: Record<string, () => string> = {
  "/api/runs/{id}": () => `/api/runs/${ids.run}`,
  "/api/scans/{scanId}": () => `/api/scans/${ids.scan}`,
  "/api/attest/bundle/{id}": () => `/api/attest/bundle/${ids.attestation}`,
  "/api/provenance/{id}": () => `/api/provenance/${ids.provenance}`,
  "/api/compliance/{frameworkId}": () => `/api/compliance/soc2?tenantId=${owner.tenantId}`,
  "/api/controls/{controlId}/findings": () =>
    `/api/controls/${ids.control}/findings?tenantId=${owner.tenantId}`,
  "/api/tenants/{tenantId}/evidence/export": () =>
    `/api/tenants/${owner.tenantId}/evidence/export?from=2026-01-01&to=2026-12-31`,
};

const builder = generateKeyPair();
const provenanceEnvelope = () => ({ dsseEnvelope: signedProvenance(builder.privateKey) });
const vexDocument = (id: string) => ({
  "@context": "https://openvex.dev/ns/v0.2.0",
  "@id": `https://example.test/vex/${id}`,
  author: "vendor@example.test",
  timestamp: "2026-01-01T00:00:00Z",
  version: 1,
  statements: [
    { vulnerability: { name: "CVE-2021-44906" }, products: [{ "@id": "pkg:npm/minimist" }], status: "fixed" },
  ],
});

/** Writes that store nothing, which a read-only auditor may call. */
const COMPUTED_ONLY: Record<string, string> = {
  "POST /api/explain/finding": "explains a finding",
  "POST /api/fixes/generate": "previews a fix as a diff; opening the pull request is /api/fixes/sast",
};

/** Writes only an admin of the tenant may make. */
const ADMIN_ONLY = [
  "DELETE /api/tenants/{tenantId}",
  "PATCH /api/tenants/{tenantId}/settings",
  "PATCH /api/tenants/{tenantId}/auditor-access",
  "POST /api/tenants/{tenantId}/trusted-keys",
];

interface Write {
  url: string;
  payload?: object | Buffer;
  contentType?: string;
}

/** Every write route, with what the owner could send to it. */
const WRITES: Record<string, () => Write> = {
  "POST /api/explain/finding": () => ({ url: "/api/explain/finding", payload: { findingId: ids.finding } }),
  "POST /api/fixes/generate": () => ({ url: "/api/fixes/generate", payload: { findingId: ids.finding } }),
  "POST /api/fixes/sast": () => ({ url: "/api/fixes/sast", payload: { findingId: ids.finding } }),
  "POST /api/fixes/dependency": () => ({ url: "/api/fixes/dependency", payload: { findingId: ids.finding } }),
  "POST /api/runs/trigger": () => ({ url: "/api/runs/trigger", payload: { tenantId: owner.tenantId } }),
  "DELETE /api/tenants/{tenantId}": () => ({ url: `/api/tenants/${owner.tenantId}` }),
  "PATCH /api/tenants/{tenantId}/settings": () => ({
    url: `/api/tenants/${owner.tenantId}/settings`,
    payload: { auditorAccessEnabled: true },
  }),
  "PATCH /api/tenants/{tenantId}/auditor-access": () => ({
    url: `/api/tenants/${owner.tenantId}/auditor-access`,
    payload: { enabled: true },
  }),
  "POST /api/tenants/{tenantId}/repositories": () => ({
    url: `/api/tenants/${owner.tenantId}/repositories`,
    payload: { location: "https://git.example.test/acme/other.git" },
  }),
  "DELETE /api/tenants/{tenantId}/repositories/{repositoryId}": () => ({
    url: `/api/tenants/${owner.tenantId}/repositories/${ids.repository}`,
  }),
  "POST /api/tenants/{tenantId}/waivers": () => ({
    url: `/api/tenants/${owner.tenantId}/waivers`,
    payload: { findingId: ids.finding, reason: "not mine to waive" },
  }),
  "DELETE /api/tenants/{tenantId}/waivers/{waiverId}": () => ({
    url: `/api/tenants/${owner.tenantId}/waivers/${ids.waiver}`,
  }),
  "POST /api/tenants/{tenantId}/vex": () => ({
    url: `/api/tenants/${owner.tenantId}/vex`,
    payload: vexDocument("stranger"),
  }),
  "POST /api/tenants/{tenantId}/vex/triage": () => ({
    url: `/api/tenants/${owner.tenantId}/vex/triage`,
    payload: { findingId: ids.finding, status: "fixed" },
  }),
  "POST /api/tenants/{tenantId}/attestations": () => ({ url: `/api/tenants/${owner.tenantId}/attestations` }),
  "POST /api/tenants/{tenantId}/trusted-keys": () => ({
    url: `/api/tenants/${owner.tenantId}/trusted-keys`,
    payload: { name: "Stranger's key", publicKeyPem: exportPublicKeyPem(generateKeyPair().publicKey) },
  }),
  "POST /api/tenants/{tenantId}/provenance": () => ({
    url: `/api/tenants/${owner.tenantId}/provenance`,
    payload: { envelope: provenanceEnvelope() },
  }),
  "POST /api/tenants/{tenantId}/evidence/verify": () => ({
    url: `/api/tenants/${owner.tenantId}/evidence/verify`,
  }),
  "POST /api/tenants/{tenantId}/images": () => ({
    url: `/api/tenants/${owner.tenantId}/images?name=stranger:latest`,
    payload: Buffer.alloc(1024),
    contentType: "application/x-tar",
  }),
};

/** What the owner can read of their tenant, to compare before and after the writes. */
const OWNER_STATE = [
  "/api/tenants/{tenantId}",
  "/api/tenants/{tenantId}/repositories",
  "/api/tenants/{tenantId}/runs",
  "/api/tenants/{tenantId}/waivers",
  "/api/tenants/{tenantId}/vex",
  "/api/tenants/{tenantId}/attestations",
  "/api/tenants/{tenantId}/provenance",
  "/api/tenants/{tenantId}/images",
  "/api/tenants/{tenantId}/evidence",
];

interface Operation {
  parameters?: { in: "path" | "query"; name: string; required?: boolean }[];
}

/** The URL a GET route is probed at, or why it has none. */
function readUrl(path: string, operation: Operation): string | { missing: string } {
  const probe = READS[path];
  if (probe) return probe();
  const parameters = operation.parameters ?? [];
  const other = parameters.filter((parameter) => parameter.name !== "tenantId" && parameter.required);
  if (other.length > 0 || !parameters.some((parameter) => parameter.name === "tenantId"))
    return { missing: `GET ${path} needs a URL in READS or an entry in NOT_ONE_TENANTS_DATA` };
  const url = path.replace("{tenantId}", owner.tenantId);
  return parameters.some((parameter) => parameter.name === "tenantId" && parameter.in === "query")
    ? `${url}?tenantId=${owner.tenantId}`
    : url;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** Every route of the API's OpenAPI document as `METHOD /path`, with its operation. */
async function routes(): Promise<[string, Operation][]> {
  const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation as Operation] as [string, Operation],
    ),
  );
}

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object | undefined, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  const repository = sampleRepository("payments-api", "01-initial");
  root = repository.root;
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });

  // The owner's data: a scanned repository, a VEX statement, an attestation and an uploaded
  // provenance envelope.
  const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
    location: repository.path,
    name: "acme/payments-api",
  });
  expect(registered.statusCode, registered.body).toBe(201);
  ids.repository = registered.json().id;
  const triggered = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
  expect([200, 202], triggered.body).toContain(triggered.statusCode);
  let summary = triggered.json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 120; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await get(`/api/scans/${summary.scanId}`, owner.cookie)).json();
  }
  ids.scan = summary.scanId;
  ids.run = summary.runId;
  const run = (await get(`/api/runs/${ids.run}`, owner.cookie)).json();
  const failed = run.findings.filter((candidate: { status: string }) => candidate.status === "fail");
  const finding = failed.find((candidate: { controlId?: string }) => candidate.controlId);
  ids.control = finding.controlId;
  ids.finding = finding.id;
  const waiver = await post(`/api/tenants/${owner.tenantId}/waivers`, {
    findingId: failed.at(-1).id,
    reason: "accepted for the test",
  });
  expect(waiver.statusCode, waiver.body).toBe(201);
  ids.waiver = waiver.json().id;

  const vex = await post(`/api/tenants/${owner.tenantId}/vex`, vexDocument("owner"));
  expect(vex.statusCode, vex.body).toBe(201);

  const attestation = await post(`/api/tenants/${owner.tenantId}/attestations`, undefined);
  expect(attestation.statusCode, attestation.body).toBe(201);
  ids.attestation = attestation.json().id;

  await post(`/api/tenants/${owner.tenantId}/trusted-keys`, {
    name: "CI builder",
    publicKeyPem: exportPublicKeyPem(builder.publicKey),
  });
  const provenance = await post(`/api/tenants/${owner.tenantId}/provenance`, {
    envelope: provenanceEnvelope(),
  });
  expect(provenance.statusCode, provenance.body).toBe(201);
  ids.provenance = provenance.json().id;
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

/** Every read route: 404 to another tenant's user where the owner gets 200. */
async function sweepReads() {
  const reads = (await routes()).filter(
    ([route]) => route.startsWith("GET ") && !(route in NOT_ONE_TENANTS_DATA),
  );
  expect(reads.length).toBeGreaterThan(20);
  const failures: string[] = [];
  for (const [route, operation] of reads) {
    const url = readUrl(route.slice("GET ".length), operation);
    if (typeof url !== "string") {
      failures.push(url.missing);
      continue;
    }
    const mine = await get(url, owner.cookie);
    const theirs = await get(url, stranger.cookie);
    if (mine.statusCode !== 200) failures.push(`${url}: the owner got ${mine.statusCode} ${mine.body}`);
    if (theirs.statusCode !== 404 || typeof theirs.json().error !== "string")
      failures.push(`${url}: another tenant's user got ${theirs.statusCode}`);
  }
  expect(failures).toEqual([]);
}

/** Every write route: 404 to another tenant's user, and the owner's data as it was. */
async function sweepWrites() {
  const state = async () => {
    const bodies: Record<string, unknown> = {};
    for (const path of OWNER_STATE) {
      const response = await get(path.replace("{tenantId}", owner.tenantId), owner.cookie);
      expect(response.statusCode, path).toBe(200);
      bodies[path] = response.json();
    }
    return bodies;
  };
  const before = await state();
  const writes = (await routes()).filter(
    ([route]) => !route.startsWith("GET ") && !(route in NOT_ONE_TENANTS_DATA),
  );
  expect(writes.length).toBeGreaterThan(15);
  const failures: string[] = [];
  for (const [route] of writes) {
    const write = WRITES[route];
    if (!write) {
      failures.push(`${route} needs a request in WRITES or an entry in NOT_ONE_TENANTS_DATA`);
      continue;
    }
    const { url, payload, contentType } = write();
    const response = await ctx.app.inject({
      method: route.slice(0, route.indexOf(" ")) as Method,
      url,
      headers: { cookie: stranger.cookie, ...(contentType ? { "content-type": contentType } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode !== 404 || typeof response.json().error !== "string")
      failures.push(`${route}: another tenant's user got ${response.statusCode} ${response.body}`);
  }
  expect(failures).toEqual([]);
  expect(await state()).toEqual(before);
}

/** Ids of another tenant's records in the body of a write to one's own tenant: 404. */
async function sweepForeignIdsInBodies() {
  const own = (path: string) => `/api/tenants/${stranger.tenantId}/${path}`;
  const attempts: [string, object][] = [
    [own("provenance"), { envelope: provenanceEnvelope(), runId: ids.run }],
    [own("waivers"), { findingId: ids.finding, reason: "not mine to waive" }],
    [own("vex/triage"), { findingId: ids.finding, status: "fixed" }],
  ];
  for (const [url, payload] of attempts) {
    const response = await post(url, payload, stranger.cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
  }
}

describe("tenant isolation of every route", () => {
  it("answers a read with 404 to another tenant's user where the owner gets 200", sweepReads);

  it("answers a write with 404 to another tenant's user and leaves the owner's data as it was", sweepWrites);

  it("answers a write with 403 to the owner's auditors, and an admin's write with 403 to members", async () => {
    const auditor = await signUp(ctx.app);
    const member = await signUp(ctx.app);
    await ctx.database.db.insert(memberships).values([
      { userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" },
      { userId: member.userId, tenantId: owner.tenantId, role: "member" },
    ]);
    const failures: string[] = [];
    for (const [route] of await routes()) {
      const write = WRITES[route];
      if (!write) continue;
      const expected = [
        [auditor, route in COMPUTED_ONLY ? 200 : 403],
        ...(ADMIN_ONLY.includes(route) ? [[member, 403] as const] : []),
      ] as const;
      for (const [user, status] of expected) {
        const { url, payload, contentType } = write();
        const response = await ctx.app.inject({
          method: route.slice(0, route.indexOf(" ")) as Method,
          url,
          headers: { cookie: user.cookie, ...(contentType ? { "content-type": contentType } : {}) },
          ...(payload ? { payload } : {}),
        });
        const who = user === auditor ? "an auditor" : "a member";
        if (response.statusCode !== status) failures.push(`${route}: ${who} got ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(
    "does not take another tenant's record by an id in the body of a write to one's own tenant",
    sweepForeignIdsInBodies,
  );

  it("shows the owner's auditors the ledger entries of runs only while auditor access is on", async () => {
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    const entries = async (cookie: string) => ({
      run: (await get(`/api/runs/${ids.run}`, cookie)).json().evidenceArtifacts.length,
      summary: (await get(`/api/tenants/${owner.tenantId}/summary?days=7`, cookie)).json().evidenceArtifacts
        .length,
    });
    const owners = await entries(owner.cookie);
    expect(owners.run).toBeGreaterThan(0);
    expect(owners.summary).toBeGreaterThan(0);
    expect(await entries(auditor.cookie)).toEqual({ run: 0, summary: 0 });
    const enabled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${owner.tenantId}/auditor-access`,
      headers: { cookie: owner.cookie },
      payload: { enabled: true },
    });
    expect(enabled.statusCode).toBe(200);
    expect(await entries(auditor.cookie)).toEqual(owners);
  });

  it("lists no route that the API does not have", async () => {
    const known = new Set((await routes()).map(([route]) => route));
    const listed = [
      ...Object.keys(NOT_ONE_TENANTS_DATA),
      ...Object.keys(READS).map((path) => `GET ${path}`),
      ...Object.keys(WRITES),
      ...Object.keys(COMPUTED_ONLY),
      ...ADMIN_ONLY,
    ];
    expect(listed.filter((route) => !known.has(route))).toEqual([]);
  });
});

// The second wall: with tenant access reduced to "whatever the database shows you", row-level
// security alone must keep the sweeps' answers (ADR 0003).
describe("tenant isolation of every route with the application's membership checks removed", () => {
  let restore: () => void;
  beforeAll(() => {
    restore = withoutMembershipChecks(ctx.services);
  });
  afterAll(() => restore());

  it("answers a read with 404 to another tenant's user where the owner gets 200", sweepReads);
  it("answers a write with 404 to another tenant's user and leaves the owner's data as it was", sweepWrites);
  it("does not take another tenant's record by an id in the body of a write", sweepForeignIdsInBodies);
});
