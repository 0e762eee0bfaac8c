// Each user's demo organization is a complete copy of the template (seeded by real scans of the
// bundled samples), with its own ids, its own evidence chain that verifies, and nothing shared:
// what one user does in theirs, no one else sees.
import { withDatabaseContext } from "@rampart/db/context";
import * as schema from "@rampart/db/schema";
import { attestations, evidenceArtifacts, ledgerCheckpoints, policyRuns, tenants } from "@rampart/db/schema";
import { keyFingerprint, verifyEnvelope, verifyExport } from "@rampart/ledger";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";
import { DEMO_NOT_READY } from "./demo.service.ts";
import { tenantTables, treatmentOf } from "./tenant-tables.ts";

/**
 * Tables the demo's compliance programme (demo-compliance.ts) writes to once the copy is made: the
 * template has no user to act as, so none of it is copied.
 */
const SEEDED_AFTER_COPY = new Set([
  "evidence_artifacts",
  "policies",
  "policy_versions",
  "policy_acknowledgements",
  "evidence_requests",
  "evidence_submissions",
  "evidence_comments",
]);

let ctx: TestContext;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let templateId: string;
let aliceDemo: string;
let bobDemo: string;

async function seedWhenReady(cookie: string, timeoutMs = 280_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    if (response.statusCode === 200) return response.json().tenantId;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toBe(DEMO_NOT_READY);
    expect(response.headers["retry-after"]).toBe("3");
    if (Date.now() > deadline) throw new Error("the demo template never became ready");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function rowsOf(table: PgTable, tenantId: string) {
  const column = Object.values(getTableColumns(table)).find((c) => c.name === "tenant_id")!;
  return ctx.database.db.select().from(table).where(eq(column, tenantId));
}

beforeAll(async () => {
  ctx = await createTestContext({ samplesDir: SAMPLES_DIR });
  alice = await signUp(ctx.app);
  bob = await signUp(ctx.app);
  const first = await call("POST", "/api/demo/seed", alice.cookie);
  expect(first.statusCode).toBe(409); // the template's scans have only just been queued
  // The weekly attestation job attests every tenant with a chain, the template included: make one
  // so that the copy's re-signing of attestations is exercised.
  templateId = (await ctx.services.demo.findTemplateId())!;
  const deadline = Date.now() + 280_000;
  while ((await ctx.services.demo.templateState()).state !== "ready" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await asTenant(templateId, () => ctx.services.attestations.generate(templateId, "schedule"));
  aliceDemo = await seedWhenReady(alice.cookie);
  bobDemo = await seedWhenReady(bob.cookie);
}, 300_000);
afterAll(() => ctx.close());

describe("a user's own demo organization", () => {
  it("is the caller's own: tenant-id answers it, a second seed returns it, the template stays hidden", async () => {
    expect(aliceDemo).not.toBe(bobDemo);
    expect(aliceDemo).not.toBe(templateId);
    expect((await call("GET", "/api/demo/tenant-id", alice.cookie)).json()).toEqual({ tenantId: aliceDemo });
    expect((await call("GET", "/api/demo/tenant-id", bob.cookie)).json()).toEqual({ tenantId: bobDemo });
    expect((await call("POST", "/api/demo/seed", alice.cookie)).json()).toEqual({ tenantId: aliceDemo });
    const mine = await call("GET", `/api/tenants/${aliceDemo}`, alice.cookie);
    expect(mine.json()).toMatchObject({ isDemo: true, role: "admin" });
    for (const id of [templateId, bobDemo]) {
      expect((await call("GET", `/api/tenants/${id}`, alice.cookie)).statusCode).toBe(404);
      expect((await call("GET", `/api/tenants/${id}/runs`, alice.cookie)).statusCode).toBe(404);
    }
  });

  it("copies every row of every tenant table, with new ids and no reference left to the template", async () => {
    const templateIds = new Set<string>([templateId]);
    let copied = 0;
    for (const { name, table } of tenantTables()) {
      const treatment = treatmentOf(name);
      const source = await rowsOf(table, templateId);
      const copy = await rowsOf(table, aliceDemo);
      for (const row of source) if (typeof row.id === "string") templateIds.add(row.id);
      if (treatment.kind === "skip") continue;
      if (SEEDED_AFTER_COPY.has(name)) expect(copy.length, name).toBeGreaterThanOrEqual(source.length);
      else expect(copy.length, name).toBe(source.length);
      copied += copy.length;
    }
    for (const name of [
      "repositories",
      "scans",
      "policy_runs",
      "findings",
      "sbom_artifacts",
      "container_images",
      "container_findings",
      "provenance_attestations",
      "attestations",
      "evidence_artifacts",
      "control_results",
      "finding_tracks",
    ]) {
      const table = tenantTables().find((candidate) => candidate.name === name)!.table;
      expect((await rowsOf(table, aliceDemo)).length, name).toBeGreaterThan(0);
    }
    expect(copied).toBeGreaterThan(100);
    for (const { name, table } of tenantTables()) {
      const text = JSON.stringify(await rowsOf(table, aliceDemo));
      for (const id of templateIds)
        expect(text.includes(id), `${name} names ${id} of the template`).toBe(false);
    }
    const members = await rowsOf(schema.memberships, aliceDemo);
    expect(members).toEqual([expect.objectContaining({ userId: alice.userId, role: "admin" })]);
  }, 90_000);

  it("has its own evidence chain, rebuilt and verifying, with a checkpoint signed for it", async () => {
    const verification = await call("POST", `/api/tenants/${aliceDemo}/evidence/verify`, alice.cookie);
    expect(verification.statusCode, verification.body).toBe(200);
    expect(verification.json().chain).toMatchObject({ isValid: true });
    const chain = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, aliceDemo))
      .orderBy(asc(evidenceArtifacts.index));
    const template = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, templateId))
      .orderBy(asc(evidenceArtifacts.index));
    // The copy's chain starts as the template's; the compliance programme's entries follow it.
    const copied = chain.slice(0, template.length);
    expect(copied.map((entry) => entry.artifactType)).toEqual(template.map((entry) => entry.artifactType));
    expect(copied.map((entry) => entry.createdAt)).toEqual(template.map((entry) => entry.createdAt));
    expect(new Set(chain.slice(template.length).map((entry) => entry.artifactType))).toEqual(
      new Set(["policy_approval", "policy_acknowledgement", "evidence_file", "evidence_review"]),
    );
    const templateHashes = new Set(template.map((entry) => entry.hash));
    expect(chain.filter((entry) => templateHashes.has(entry.hash))).toEqual([]);
    // A run's selfHash is its ledger entry's hash, and the entry names the copy's run.
    const runs = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.tenantId, aliceDemo));
    const runEntries = chain.filter((entry) => entry.artifactType === "run");
    expect(runs.map((run) => run.selfHash).sort()).toEqual(runEntries.map((entry) => entry.hash).sort());
    for (const entry of runEntries) {
      expect(runs.map((run) => run.id)).toContain((entry.content as { runId: string }).runId);
    }
    const [checkpoint] = await ctx.database.db
      .select()
      .from(ledgerCheckpoints)
      .where(eq(ledgerCheckpoints.tenantId, aliceDemo));
    expect(checkpoint).toMatchObject({ treeSize: template.length });
    expect(checkpoint!.note).toContain(`/tenants/${aliceDemo}`);

    // An export, checked offline as an auditor would: chain, proofs and the stored checkpoint.
    const exported = await call(
      "GET",
      `/api/tenants/${aliceDemo}/evidence/export?from=2000-01-01&to=2100-12-31`,
      alice.cookie,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    const report = verifyExport(exported.json());
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it("re-signs the signed documents for the copy: provenance and attestations verify and name the copy", async () => {
    const key = (await ctx.services.ledger.signer()).publicKey;
    const trusted = [{ keyid: keyFingerprint(key), publicKey: key }];
    const [attestation] = await ctx.database.db
      .select()
      .from(attestations)
      .where(eq(attestations.tenantId, aliceDemo));
    const verified = verifyEnvelope(attestation!.envelope, trusted);
    expect(verified.ok).toBe(true);
    const statement = JSON.parse(Buffer.from(verified.ok ? verified.payload : []).toString("utf8"));
    expect(statement.predicate.tenant.id).toBe(aliceDemo);
    const [entry] = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(
        sql`${evidenceArtifacts.tenantId} = ${aliceDemo} and ${evidenceArtifacts.index} = ${statement.predicate.ledger.treeSize - 1}`,
      );
    expect(statement.predicate.ledger.head).toBe(entry!.hash);
    const bundle = await call("GET", `/api/attest/bundle/${attestation!.id}`, alice.cookie);
    expect(bundle.statusCode).toBe(200);
    for (const provenance of await rowsOf(schema.provenanceAttestations, aliceDemo)) {
      expect(verifyEnvelope(provenance.envelope, trusted).ok).toBe(true);
    }
  });

  it("lets its owner do everything an admin does, and none of it is seen by anyone else", async () => {
    const scan = await call("POST", "/api/runs/trigger", alice.cookie, { tenantId: aliceDemo });
    expect([200, 202]).toContain(scan.statusCode);
    const access = await call("PATCH", `/api/tenants/${aliceDemo}/auditor-access`, alice.cookie, {
      enabled: true,
    });
    expect(access.statusCode, access.body).toBe(200);
    const attested = await call("POST", `/api/tenants/${aliceDemo}/attestations`, alice.cookie);
    expect(attested.statusCode, attested.body).toBe(201);
    const [finding] = await ctx.database.db
      .select()
      .from(schema.findings)
      .where(sql`${schema.findings.tenantId} = ${aliceDemo} and ${schema.findings.status} = 'fail'`)
      .limit(1);
    const waiver = await call("POST", `/api/tenants/${aliceDemo}/waivers`, alice.cookie, {
      findingId: finding!.id,
      reason: "accepted in the demo",
    });
    expect(waiver.statusCode, waiver.body).toBe(201);
    const before = await ctx.database.db.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, aliceDemo));
    const exported = await call(
      "GET",
      `/api/tenants/${aliceDemo}/evidence/export?from=2000-01-01&to=2100-12-31`,
      alice.cookie,
    );
    expect(exported.statusCode).toBe(200);
    expect(await ctx.database.db.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, aliceDemo))).toBe(
      before + 1,
    );

    // Bob's demo and the template are untouched.
    const bobRuns = await call("GET", `/api/tenants/${bobDemo}/runs`, bob.cookie);
    const aliceRuns = await call("GET", `/api/tenants/${aliceDemo}/runs`, alice.cookie);
    expect(bobRuns.statusCode).toBe(200);
    const idsOf = (body: { runs?: { id: string }[] } | { id: string }[]) =>
      (Array.isArray(body) ? body : (body.runs ?? [])).map((run) => run.id);
    expect(idsOf(aliceRuns.json()).length).toBeGreaterThan(0);
    for (const id of idsOf(aliceRuns.json())) expect(idsOf(bobRuns.json())).not.toContain(id);
    // Alice's own scan: in her demo, not in Bob's nor in the template.
    const ownScans = async (tenantId: string) =>
      (await rowsOf(schema.scans, tenantId)).filter((row) => row.triggeredBy !== "demo-seed").length;
    expect(await ownScans(aliceDemo)).toBe(1);
    expect(await ownScans(bobDemo)).toBe(0);
    expect(await ownScans(templateId)).toBe(0);
    expect((await rowsOf(schema.waivers, bobDemo)).length).toBe(0);
    expect((await rowsOf(schema.waivers, templateId)).length).toBe(0);
    expect((await rowsOf(schema.attestations, bobDemo)).length).toBe(1);
    const [bobTenant] = await ctx.database.db.select().from(tenants).where(eq(tenants.id, bobDemo));
    expect(bobTenant!.auditorAccessEnabled).toBe(false);
    for (const [method, url] of [
      ["GET", `/api/tenants/${aliceDemo}/runs`],
      ["POST", `/api/tenants/${aliceDemo}/attestations`],
      ["GET", `/api/tenants/${aliceDemo}/evidence/export?from=2000-01-01&to=2100-12-31`],
    ] as const) {
      expect((await call(method, url, bob.cookie)).statusCode, `${method} ${url}`).toBe(404);
    }
  }, 60_000);

  it("is removed with its ledger once idle, and the template and other users' demos stay", async () => {
    const carol = await signUp(ctx.app);
    const carolDemo = await seedWhenReady(carol.cookie);
    await ctx.database.db
      .update(tenants)
      .set({ lastActiveAt: new Date(Date.now() - 1000 * 3_600_000) })
      .where(eq(tenants.id, carolDemo));
    // As its hourly job does: instance-wide, on the owner's connection.
    expect(await withDatabaseContext({ kind: "system" }, () => ctx.services.demo.removeIdle())).toBe(1);
    expect(await ctx.database.db.$count(tenants, eq(tenants.id, carolDemo))).toBe(0);
    expect(await ctx.database.db.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, carolDemo))).toBe(
      0,
    );
    expect(await ctx.database.db.$count(tenants, eq(tenants.id, templateId))).toBe(1);
    expect(await ctx.database.db.$count(tenants, eq(tenants.id, aliceDemo))).toBe(1);
    expect((await call("GET", "/api/demo/tenant-id", carol.cookie)).statusCode).toBe(404);
    // Switching demo mode on again gives a fresh copy.
    expect(await seedWhenReady(carol.cookie)).not.toBe(carolDemo);
  }, 60_000);
});
