// The demo template's data comes from real scans of the bundled samples, one per commit; each
// user's demo organization is a copy of it and shows that history.

import { evidenceArtifacts, policyRuns, scans } from "@rampart/db/schema";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoWhenReady } from "../../test/demo.ts";
import { createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";
import { listSamples } from "../repositories/samples.ts";

let ctx: TestContext;
let cookie: string;
let templateId: string;
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
  it("scans every commit of every sample into the template, dated as the commits are", async () => {
    const first = await ctx.app.inject({ method: "POST", url: "/api/demo/seed", headers: { cookie } });
    expect(first.statusCode).toBe(409); // the template is created and its scans queued
    expect(first.json().error).toMatch(/still being prepared/);
    templateId = (await ctx.services.demo.findTemplateId())!;
    const commits = listSamples(SAMPLES_DIR).reduce((sum, sample) => sum + sample.manifest.commits.length, 0);
    expect(commits).toBeGreaterThanOrEqual(6);
    const runs = await until(
      () => ctx.database.db.select().from(policyRuns).where(eq(policyRuns.tenantId, templateId)),
      (rows) => rows.length >= commits,
    );
    expect(runs).toHaveLength(commits);
    const days = new Set(runs.map((run) => run.createdAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(3); // history over time, not one moment
    expect(runs.every((run) => run.triggeredBy === "demo-seed")).toBe(true);

    // Seeding the template again queues nothing new; the user's copy comes from it.
    await ctx.services.demo.ensureTemplate();
    demoTenantId = await seedDemoWhenReady(ctx.app, cookie);
    const all = await ctx.database.db.select().from(scans).where(eq(scans.tenantId, templateId));
    expect(all).toHaveLength(commits);
    const copied = await ctx.database.db
      .select()
      .from(policyRuns)
      .where(eq(policyRuns.tenantId, demoTenantId));
    expect(copied.map((run) => run.createdAt).sort()).toEqual(runs.map((run) => run.createdAt).sort());
  }, 300_000);

  it("reads in time order: each ledger entry is dated no earlier than the one before it", async () => {
    // The images' scans are part of the history too: wait for them before reading the chain.
    await until(
      async () => (await ctx.services.demo.templateState()).state,
      (state) => state === "ready",
    );
    for (const tenantId of [templateId, demoTenantId]) {
      const entries = await ctx.database.db
        .select({ index: evidenceArtifacts.index, createdAt: evidenceArtifacts.createdAt })
        .from(evidenceArtifacts)
        .where(eq(evidenceArtifacts.tenantId, tenantId))
        .orderBy(asc(evidenceArtifacts.index));
      expect(entries.length).toBeGreaterThan(listSamples(SAMPLES_DIR).length * 2);
      const outOfOrder = entries.filter(
        (entry, position) => position > 0 && entry.createdAt < entries[position - 1]!.createdAt,
      );
      expect(outOfOrder, tenantId === templateId ? "template" : "copy").toEqual([]);
    }
    // The runs follow their commits' dates too, across samples.
    const runs = await ctx.database.db
      .select({ createdAt: policyRuns.createdAt, selfHash: policyRuns.selfHash })
      .from(policyRuns)
      .innerJoin(evidenceArtifacts, eq(evidenceArtifacts.hash, policyRuns.selfHash))
      .where(eq(policyRuns.tenantId, demoTenantId))
      .orderBy(asc(evidenceArtifacts.index));
    const dates = runs.map((run) => run.createdAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
  });

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

  it("gives the demo organization staging and prod, whose drift the real sync computed at seed time", async () => {
    const read = (url: string) => ctx.app.inject({ url, headers: { cookie } });
    const environments = (await read(`/api/tenants/${demoTenantId}/environments`)).json() as {
      id: string;
      name: string;
      type: string;
      driftState: string;
      declared: { repositoryId: string; path: string } | null;
      lastSyncError: string | null;
    }[];
    expect(
      environments.map((environment) => [environment.name, environment.type, environment.driftState]),
    ).toEqual([
      ["staging", "staging", "in_sync"],
      ["prod", "prod", "drift_detected"],
    ]);
    // The copy's environments point at the copy's own repository, not the template's.
    const repositories = (await read(`/api/tenants/${demoTenantId}/repositories`)).json() as { id: string }[];
    expect(repositories.map((repository) => repository.id)).toContain(
      environments[0]!.declared!.repositoryId,
    );

    const prod = environments.find((environment) => environment.name === "prod")!;
    const drift = (await read(`/api/env/${prod.id}/drift`)).json() as {
      driftType: string;
      resourceId: string;
      attribute: string | null;
      securityRelevant: boolean;
    }[];
    expect(drift.map((row) => [row.driftType, row.resourceId, row.attribute])).toEqual(
      expect.arrayContaining([
        ["missing_resource", "google_project_iam_member.trainer_sql", null],
        ["unexpected_resource", "google_storage_bucket.incident_export", null],
        ["config_change", "google_compute_firewall.health_checks", "source_ranges"],
        [
          "config_change",
          "google_sql_database_instance.features",
          "settings.0.backup_configuration.0.enabled",
        ],
      ]),
    );
    expect(drift.some((row) => row.securityRelevant)).toBe(true);
    const compared = (await read(`/api/env/${environments[0]!.id}/compare?targetEnvId=${prod.id}`)).json();
    expect(compared.configComparison.differences.length).toBeGreaterThan(0);
  });

  it("shows history on the dashboard: trends, remediation and a posture chart", async () => {
    const summary = (
      await ctx.app.inject({ url: `/api/tenants/${demoTenantId}/summary?days=30`, headers: { cookie } })
    ).json();
    expect(summary.hasData).toBe(true);
    expect(summary.metrics.postureHistory.length).toBeGreaterThan(3);
    expect(summary.metrics.remediationTime).not.toBeNull(); // later commits fix earlier findings
  });

  it("lets its owner run a scan, with its real counts, and hides it from everyone else", async () => {
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
    const stranger = await signUp(ctx.app);
    for (const url of [`/api/tenants/${demoTenantId}`, `/api/tenants/${templateId}/runs`]) {
      const read = await ctx.app.inject({ url, headers: { cookie: stranger.cookie } });
      expect(read.statusCode, url).toBe(404);
    }
    const trigger = await ctx.app.inject({
      method: "POST",
      url: "/api/runs/trigger",
      headers: { cookie: stranger.cookie },
      payload: { tenantId: demoTenantId },
    });
    expect(trigger.statusCode).toBe(404);
  }, 60_000);
});
