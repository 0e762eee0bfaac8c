// Every GET route of the API, read from the API's own OpenAPI document, is called by a user of
// another tenant with the owner's ids: it must answer 404 while the owner gets 200 on the same
// URL (so the probe really names the owner's data). A new route fails here until it gets its ids
// in PROBES, or is listed in NOT_ONE_TENANTS_DATA with the reason.
import { rmSync } from "node:fs";
import { exportPublicKeyPem, generateKeyPair, signScanProvenance } from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
const ids = { run: "", scan: "", attestation: "", provenance: "", control: "" };

/** GET routes that do not address one tenant's data by id, and why. */
const NOT_ONE_TENANTS_DATA: Record<string, string> = {
  "/api/auth/me": "the caller's own user",
  "/api/tenants": "the caller's own tenants",
  "/api/demo/tenant-id": "the shared demo tenant, readable by every user",
  "/api/evidence/public-key": "the instance's public signing key",
  "/api/frameworks": "the public framework catalogue",
  "/api/system/info": "instance health; schedules filtered to the caller's tenants (system.int.test.ts)",
  "/api/system/jobs": "filtered to the caller's tenants (system.int.test.ts)",
};

/** URLs for routes whose path or required query holds more than the tenant id. */
const PROBES: Record<string, () => string> = {
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

interface Operation {
  parameters?: { in: "path" | "query"; name: string; required?: boolean }[];
}

/** The URL a GET route is probed at, or why it has none. */
function probeUrl(path: string, operation: Operation): string | { missing: string } {
  const probe = PROBES[path];
  if (probe) return probe();
  const parameters = operation.parameters ?? [];
  const other = parameters.filter((parameter) => parameter.name !== "tenantId" && parameter.required);
  if (other.length > 0 || !parameters.some((parameter) => parameter.name === "tenantId"))
    return { missing: `GET ${path} needs a probe in PROBES or an entry in NOT_ONE_TENANTS_DATA` };
  const url = path.replace("{tenantId}", owner.tenantId);
  return parameters.some((parameter) => parameter.name === "tenantId" && parameter.in === "query")
    ? `${url}?tenantId=${owner.tenantId}`
    : url;
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
  ids.control = run.findings.find((finding: { controlId?: string }) => finding.controlId).controlId;

  const vex = await post(`/api/tenants/${owner.tenantId}/vex`, {
    "@context": "https://openvex.dev/ns/v0.2.0",
    "@id": "https://example.test/vex/1",
    author: "vendor@example.test",
    timestamp: "2026-01-01T00:00:00Z",
    version: 1,
    statements: [
      {
        vulnerability: { name: "CVE-2021-44906" },
        products: [{ "@id": "pkg:npm/minimist" }],
        status: "fixed",
      },
    ],
  });
  expect(vex.statusCode, vex.body).toBe(201);

  const attestation = await post(`/api/tenants/${owner.tenantId}/attestations`, undefined);
  expect(attestation.statusCode, attestation.body).toBe(201);
  ids.attestation = attestation.json().id;

  const builder = generateKeyPair();
  await post(`/api/tenants/${owner.tenantId}/trusted-keys`, {
    name: "CI builder",
    publicKeyPem: exportPublicKeyPem(builder.publicKey),
  });
  const envelope = signScanProvenance(
    {
      subjects: [{ name: "app.tar", sha256: "a".repeat(64) }],
      repository: "https://github.com/acme/payments-api",
      commit: "b".repeat(40),
      engineVersion: "1.0.0",
      ruleCatalogueDigest: "c".repeat(64),
      builderId: "https://ci.example.test/builder",
      invocationId: "build-1",
      startedOn: "2026-11-22T10:00:00Z",
      finishedOn: "2026-11-22T10:05:00Z",
    },
    builder.privateKey,
  );
  const provenance = await post(`/api/tenants/${owner.tenantId}/provenance`, {
    envelope: { dsseEnvelope: envelope },
  });
  expect(provenance.statusCode, provenance.body).toBe(201);
  ids.provenance = provenance.json().id;
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe("tenant isolation of every GET route", () => {
  it("answers 404 to another tenant's user where the owner gets 200", async () => {
    const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, { get?: Operation }>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.get && !(path in NOT_ONE_TENANTS_DATA) ? [[path, operations.get] as const] : [],
    );
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const [path, operation] of routes) {
      const url = probeUrl(path, operation);
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
  });

  it("lists no route as exempt that the API does not have", async () => {
    const document = (await ctx.app.inject({ url: "/api/openapi.json" })).json() as {
      paths: Record<string, { get?: Operation }>;
    };
    const stale = [...Object.keys(NOT_ONE_TENANTS_DATA), ...Object.keys(PROBES)].filter(
      (path) => !document.paths[path]?.get,
    );
    expect(stale).toEqual([]);
  });
});
