import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import type { ScaFinding, ScaResponse } from "@rampart/contracts/sca";
import { findings, memberships, openRuleCounts } from "@rampart/db/schema";
import Ajv from "ajv";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { and, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const ROOT = path.resolve(import.meta.dirname, "../../../..");
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

function openVexValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat("iri", /^[a-z][a-z0-9+.-]*:\S+$/i);
  return ajv.compile(
    readJson(path.join(ROOT, "packages/engine/src/sca/vex/fixtures/openvex_json_schema_0.2.0.json")),
  );
}

/** CycloneDX 1.6 as the CycloneDX library ships it, with the SPDX and JSF schemas it refers to. */
function cycloneDxValidator() {
  const dir = path.join(ROOT, "node_modules/@cyclonedx/cyclonedx-library/res/schema");
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  for (const name of ["spdx.SNAPSHOT.schema.json", "jsf-0.82.SNAPSHOT.schema.json"]) {
    ajv.addSchema({ ...readJson(path.join(dir, name)), $id: `http://cyclonedx.org/schema/${name}` });
  }
  return ajv.compile(readJson(path.join(dir, "bom-1.6.SNAPSHOT.schema.json")));
}

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repoPath: string;
let initial: ScaFinding[];

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: unknown, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload: payload as object, headers: { cookie } });
const triage = (payload: object, cookie = owner.cookie, tenantId = owner.tenantId) =>
  post(`/api/tenants/${tenantId}/vex/triage`, payload, cookie);
const sca = async (): Promise<ScaResponse> => {
  const response = await get(`/api/tenants/${owner.tenantId}/sca`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const key = (f: ScaFinding) => `${f.cveId} ${f.packageName}@${f.packageVersion}`;
const purlOf = async (findingId: string) => {
  const [row] = await ctx.database.db.select().from(findings).where(eq(findings.id, findingId));
  return (row!.metadata as { properties: { purl: string } }).properties.purl;
};
/** The dashboard's view: the latest run's failed count, and the open-finding rollup of SCA. */
async function counts() {
  const summary = await get(`/api/tenants/${owner.tenantId}/summary`);
  expect(summary.statusCode, summary.body).toBe(200);
  const run = summary.json().recentRuns[0] as { id: string; failedCount: number };
  const [rollup] = await ctx.database.db
    .select({ count: sum(openRuleCounts.count) })
    .from(openRuleCounts)
    .where(and(eq(openRuleCounts.runId, run.id), eq(openRuleCounts.ruleId, "sca/vulnerable-dependency")));
  return { failed: run.failedCount, sca: Number(rollup?.count ?? 0) };
}

async function scan(): Promise<string> {
  const response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/ml-pipeline" });
  expect([200, 202], response.body).toContain(response.statusCode);
  let summary = response.json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 120; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await get(`/api/scans/${summary.scanId}`)).json();
  }
  expect(summary.state).toBe("completed");
  return summary.runId;
}

beforeAll(async () => {
  ({ root, path: repoPath } = sampleRepository("ml-pipeline", "01-initial"));
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Model Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  auditor = await signUp(ctx.app, { tenantName: "Auditor's own" });
  await ctx.database.db
    .insert(memberships)
    .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
  const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
    location: repoPath,
    name: "acme/ml-pipeline",
  });
  expect(registered.statusCode).toBe(201);
  await scan();
  initial = (await sca()).findings;
}, 180_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("VEX", () => {
  it("has dependency findings to decide on and nothing to export yet", async () => {
    expect(initial.length).toBeGreaterThanOrEqual(3);
    expect(initial.every((f) => f.vex === undefined)).toBe(true);
    // requirements.txt names no licences, and OSV advisories carry none: unknown, and said why.
    for (const finding of initial) {
      expect(finding.license).toBeNull();
      expect(finding.licenseUnknownReason).toMatch(/^requirements(-dev)?\.txt does not record licences$/);
    }
    const empty = await get(`/api/tenants/${owner.tenantId}/vex?format=openvex`);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().error).toEqual(expect.any(String));
  });

  it("answers 400 to decisions OpenVEX does not allow and to bad input", async () => {
    const findingId = initial[0]!.id;
    const cases: object[] = [
      { findingId, status: "not_affected" },
      { findingId, status: "affected", justification: "component_not_present" },
      { findingId, status: "wontfix" },
      { findingId, status: "not_affected", justification: "because" },
      { findingId: "nope", status: "fixed" },
    ];
    for (const body of cases) {
      const response = await triage(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await triage({ findingId, status: "not_affected" })).json().error).toMatch(/justification/);
  });

  it("answers 404 for another tenant's finding or tenant, and 403 to an auditor", async () => {
    const findingId = initial[0]!.id;
    const body = { findingId, status: "fixed" };
    expect((await triage(body, stranger.cookie)).statusCode).toBe(404);
    expect((await triage(body, stranger.cookie, stranger.tenantId)).statusCode).toBe(404);
    expect((await triage(body, auditor.cookie)).statusCode).toBe(403);
    const document = { "@context": "https://openvex.dev/ns/v0.2.0" };
    expect((await post(`/api/tenants/${owner.tenantId}/vex`, document, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await post(`/api/tenants/${owner.tenantId}/vex`, document, auditor.cookie)).statusCode).toBe(403);
    expect((await get(`/api/tenants/${owner.tenantId}/vex`, stranger.cookie)).statusCode).toBe(404);
    // A SAST finding is no dependency finding.
    const [sast] = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.tenantId, owner.tenantId), eq(findings.analyzer, "sast")));
    expect((await triage({ findingId: sast!.id, status: "fixed" })).statusCode).toBe(404);
  });

  it("keeps an affected finding open and shows the decision", async () => {
    const target = initial[0]!;
    const before = await counts();
    const response = await triage({ findingId: target.id, status: "affected", actionStatement: "Upgrade" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      vulnerabilityId: target.cveId,
      status: "affected",
      author: owner.email,
      source: "triage",
    });
    const listed = (await sca()).findings.find((f) => f.id === target.id);
    expect(listed?.vex).toMatchObject({
      status: "affected",
      actionStatement: "Upgrade",
      author: owner.email,
    });
    expect(await counts()).toEqual(before);
  });

  it("takes a not_affected finding out of the list, the stats and the dashboard counts at once", async () => {
    const target = initial[0]!;
    const before = await counts();
    const statsBefore = (await sca()).stats;
    const response = await triage({
      findingId: target.id,
      status: "not_affected",
      justification: "vulnerable_code_not_in_execute_path",
      impactStatement: "The vulnerable function is never called",
    });
    expect(response.statusCode, response.body).toBe(201);
    const after = await sca();
    expect(after.findings.map((f) => f.id)).not.toContain(target.id);
    expect(after.stats.total).toBe(statsBefore.total - 1);
    expect(after.stats[target.severity]).toBe(statsBefore[target.severity] - 1);
    expect(await counts()).toEqual({ failed: before.failed - 1, sca: before.sca - 1 });
    const [row] = await ctx.database.db.select().from(findings).where(eq(findings.id, target.id));
    expect(row!.status).toBe("skip");
    expect(row!.metadata).toMatchObject({
      vex: {
        status: "not_affected",
        justification: "vulnerable_code_not_in_execute_path",
        author: owner.email,
      },
    });
  });

  it("exports the newest decisions as OpenVEX and CycloneDX that validate against their schemas", async () => {
    const target = initial[0]!;
    const purl = await purlOf(target.id);
    // VEX documents are reports (no code in them): an auditor reads them while auditor access is on.
    const enabled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${owner.tenantId}/auditor-access`,
      headers: { cookie: owner.cookie },
      payload: { enabled: true },
    });
    expect(enabled.statusCode).toBe(200);
    const openvex = await get(`/api/tenants/${owner.tenantId}/vex?format=openvex`, auditor.cookie);
    expect(openvex.statusCode, openvex.body).toBe(200);
    expect(openvex.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.openvex\.json"$/);
    const document = openvex.json();
    const validate = openVexValidator();
    expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
    // One statement per vulnerability and package: the newest (not_affected) one.
    expect(document.statements).toEqual([
      expect.objectContaining({
        vulnerability: expect.objectContaining({ name: target.cveId }),
        products: [{ "@id": purl }],
        status: "not_affected",
        justification: "vulnerable_code_not_in_execute_path",
      }),
    ]);

    const cdx = await get(`/api/tenants/${owner.tenantId}/vex?format=cyclonedx`);
    expect(cdx.statusCode, cdx.body).toBe(200);
    expect(cdx.headers["content-disposition"]).toMatch(/\.cdx\.json"$/);
    const bom = cdx.json();
    const validateCdx = cycloneDxValidator();
    expect(validateCdx(bom), JSON.stringify(validateCdx.errors)).toBe(true);
    expect(bom.vulnerabilities).toEqual([
      expect.objectContaining({
        id: target.cveId,
        analysis: expect.objectContaining({ state: "not_affected", justification: "code_not_reachable" }),
        affects: [{ ref: purl }],
      }),
    ]);
    expect((await get(`/api/tenants/${owner.tenantId}/vex?format=spdx`)).statusCode).toBe(400);
  });

  it("imports OpenVEX and CycloneDX VEX documents that suppress the findings they cover", async () => {
    const [, second, third] = initial;
    const before = await counts();
    // A statement about the package at any version, by its advisory id.
    const purl = (await purlOf(second!.id)).replace(/@[^@]*$/, "");
    const openvex = {
      "@context": "https://openvex.dev/ns/v0.2.0",
      "@id": "https://example.test/vex/1",
      author: "vendor@example.test",
      timestamp: "2026-01-01T00:00:00Z",
      version: 1,
      statements: [{ vulnerability: { name: second!.cveId }, products: [{ "@id": purl }], status: "fixed" }],
    };
    const imported = await post(`/api/tenants/${owner.tenantId}/vex`, openvex);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 1 });

    const cyclonedx = {
      bomFormat: "CycloneDX",
      specVersion: "1.6",
      version: 1,
      components: [
        { type: "library", "bom-ref": "dep-1", name: third!.packageName, purl: await purlOf(third!.id) },
      ],
      vulnerabilities: [
        {
          id: third!.cveId,
          analysis: { state: "not_affected", justification: "code_not_present" },
          affects: [{ ref: "dep-1" }],
        },
      ],
    };
    const importedCdx = await post(`/api/tenants/${owner.tenantId}/vex`, cyclonedx);
    expect(importedCdx.statusCode, importedCdx.body).toBe(201);

    const listed = (await sca()).findings.map((f) => f.id);
    expect(listed).not.toContain(second!.id);
    expect(listed).not.toContain(third!.id);
    expect(await counts()).toEqual({ failed: before.failed - 2, sca: before.sca - 2 });
  });

  it("answers 400 with the importer's error to documents that are not VEX", async () => {
    const url = `/api/tenants/${owner.tenantId}/vex`;
    const cases: unknown[] = [
      { hello: "world" },
      { "@context": "https://openvex.dev/ns/v0.2.0", statements: "none" },
      { bomFormat: "CycloneDX", vulnerabilities: [{ id: "CVE-1", analysis: { state: "maybe" } }] },
      [1, 2],
    ];
    for (const body of cases) {
      const response = await post(url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await post(url, { hello: "world" })).json().error).toMatch(/not a VEX document/);
    expect((await post(url, cases[1])).json().error).toMatch(/^OpenVEX/);
  });

  it("keeps the findings suppressed in a later scan", async () => {
    const suppressed = initial.slice(0, 3).map(key);
    const runId = await scan();
    const list = (await sca()).findings;
    expect(list.every((f) => f.runId === runId)).toBe(true);
    expect(list.map(key).filter((k) => suppressed.includes(k))).toEqual([]);
    expect(list.length).toBe(initial.length - 3);
    const skipped = await ctx.database.db
      .select()
      .from(findings)
      .where(
        and(
          eq(findings.runId, runId),
          eq(findings.ruleId, "sca/vulnerable-dependency"),
          eq(findings.status, "skip"),
        ),
      );
    expect(skipped.length).toBe(3);
    expect(skipped.every((row) => (row.metadata as { vex?: unknown }).vex !== undefined)).toBe(true);
    expect((await counts()).sca).toBe(list.length);
  });
});
