// The demo tenant's data comes from real scans of the bundled samples, one per commit.

import { policyRuns, scans } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";
import { listSamples } from "../repositories/samples.ts";

let ctx: TestContext;
let cookie: string;
let demoTenantId: string;

beforeAll(async () => {
  ctx = await createTestContext({ samplesDir: SAMPLES_DIR });
  cookie = (await signUp(ctx.app)).cookie;
}, 120_000);
afterAll(() => ctx.close());

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 240_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("the demo seed", () => {
  it("scans every commit of every sample, dated as the commits are", async () => {
    const seeded = await ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    demoTenantId = seeded.json().tenantId;
    const commits = listSamples(SAMPLES_DIR).reduce((sum, sample) => sum + sample.manifest.commits.length, 0);
    expect(commits).toBeGreaterThanOrEqual(6);
    const runs = await until(
      () => ctx.database.db.select().from(policyRuns).where(eq(policyRuns.tenantId, demoTenantId)),
      (rows) => rows.length >= commits,
    );
    expect(runs).toHaveLength(commits);
    const days = new Set(runs.map((run) => run.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(3); // history over time, not one moment
    expect(runs.every((run) => run.triggeredBy === "demo-seed")).toBe(true);

    // Seeding again queues nothing new.
    await ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const all = await ctx.database.db.select().from(scans).where(eq(scans.tenantId, demoTenantId));
    expect(all).toHaveLength(commits);
  }, 300_000);

  it("scans the demo container images through the upload path, so Container Security has real matches", async () => {
    const read = async () =>
      (await ctx.app.inject({ url: `/api/tenants/${demoTenantId}/images`, headers: { cookie } })).json() as {
        state: string;
      }[];
    const images = await until(
      read,
      (rows) => rows.length > 0 && rows.every((row) => row.state === "completed"),
    );
    expect(images.map((image) => image.state)).toEqual(["completed", "completed"]);
    const findings = (
      await ctx.app.inject({ url: `/api/tenants/${demoTenantId}/containers`, headers: { cookie } })
    ).json() as { packageName: string; vulnerabilityId: string }[];
    expect(findings.map((f) => `${f.packageName} ${f.vulnerabilityId}`)).toEqual(
      expect.arrayContaining(["libssl1.1 DLA-3008-1", "musl ALPINE-CVE-2025-26519", "lodash CVE-2021-23337"]),
    );
  }, 120_000);

  it("shows history on the dashboard: trends, remediation and a posture chart", async () => {
    const summary = (
      await ctx.app.inject({ url: `/api/tenants/${demoTenantId}/summary?days=30`, headers: { cookie } })
    ).json();
    expect(summary.hasData).toBe(true);
    expect(summary.metrics.postureHistory.length).toBeGreaterThan(3);
    expect(summary.metrics.remediationTime).not.toBeNull(); // later commits fix earlier findings
  });

  it("lets any signed-in user run the demo scan, with its real counts", async () => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/runs/trigger",
      headers: { cookie },
      payload: { tenantId: demoTenantId },
    });
    expect([200, 202]).toContain(response.statusCode);
    const body = response.json();
    if (body.state === "completed") {
      const [run] = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.id, body.runId));
      expect(body.failed).toBe(run!.failedCount);
      expect(body.filesScanned).toBe(run!.filesScanned);
    }
  }, 60_000);

  it("refuses every other write on the demo tenant", async () => {
    const waiver = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${demoTenantId}/waivers`,
      headers: { cookie },
      payload: { findingId: "00000000-0000-4000-8000-000000000000", reason: "nope" },
    });
    expect(waiver.statusCode).toBe(403);
    const repository = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${demoTenantId}/repositories`,
      headers: { cookie },
      payload: { location: "https://git.example.test/a/b.git" },
    });
    expect(repository.statusCode).toBe(403);
  });
});
