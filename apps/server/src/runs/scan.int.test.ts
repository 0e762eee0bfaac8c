import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findings, policyRuns, scans } from "@rampart/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repoPath: string;
let runId: string;

beforeAll(async () => {
  ({ root, path: repoPath } = sampleRepository("payments-api", "01-initial"));
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Scanner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
}, 120_000);
afterAll(() => ctx.close());

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });

describe("repositories", () => {
  it("refuses local paths outside the allowed roots and relative paths", async () => {
    const outside = await post(`/api/tenants/${owner.tenantId}/repositories`, { location: "/etc" });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toMatch(/LOCAL_REPOSITORY_ROOTS/);
    const relative = await post(`/api/tenants/${owner.tenantId}/repositories`, { location: "some/dir" });
    expect(relative.statusCode).toBe(400);
    // A file:// git URL reads the server's disk too: the same roots apply.
    const fileUrl = await post(`/api/tenants/${owner.tenantId}/repositories`, { location: "file:///etc" });
    expect(fileUrl.statusCode).toBe(400);
    expect(fileUrl.json().error).toMatch(/LOCAL_REPOSITORY_ROOTS/);
  });

  it("takes a file:// git URL under the allowed roots", async () => {
    const response = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: `file://${repoPath}`,
      name: "acme/file-url",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ source: "git", location: `file://${repoPath}` });
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/repositories/${response.json().id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(200);
  });

  it("registers a local repository and a git URL", async () => {
    const local = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: repoPath,
      name: "acme/payments-api",
    });
    expect(local.statusCode).toBe(201);
    expect(local.json()).toMatchObject({
      name: "acme/payments-api",
      source: "local",
      scanSchedule: "0 4 * * *",
    });
    const remote = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: "https://git.example.test/acme/web.git",
    });
    expect(remote.json()).toMatchObject({ name: "acme/web", source: "git" });
    const duplicate = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: repoPath,
      name: "acme/payments-api",
    });
    expect(duplicate.statusCode).toBe(409);
    const list = await get(`/api/tenants/${owner.tenantId}/repositories`);
    expect(list.json().map((r: { name: string }) => r.name)).toEqual(["acme/payments-api", "acme/web"]);
  });
});

describe("a scan", () => {
  it("runs as a job and answers the run summary", async () => {
    const response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.state).toBe("completed");
    expect(body.filesScanned).toBeGreaterThan(5);
    expect(body.failed).toBeGreaterThan(0);
    runId = body.runId;

    const [run] = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.id, runId));
    const open = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, runId), eq(findings.status, "fail"), isNull(findings.waiverId)));
    expect(run!.failedCount).toBe(open.length);
    expect(body.failed).toBe(open.length);
    expect(run!.status).toBe("fail");
    expect(run!.commitSha).toBe(git(repoPath, "rev-parse", "HEAD"));
  });

  it("stores the commit's SBOM with the run", async () => {
    const sboms = (await get(`/api/tenants/${owner.tenantId}/sbom`)).json();
    expect(sboms).toHaveLength(1);
    expect(sboms[0]).toMatchObject({
      runId,
      format: "CycloneDX 1.6",
      sbomHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(sboms[0].componentCount).toBeGreaterThan(10); // the sample's package-lock.json
    expect(sboms[0].sbomData.bomFormat).toBe("CycloneDX");
  });

  it("lists the run with filters and cursor pagination", async () => {
    const all = await get(`/api/tenants/${owner.tenantId}/runs`);
    expect(all.statusCode).toBe(200);
    expect(all.json().runs.map((r: { id: string }) => r.id)).toEqual([runId]);
    expect(all.json().nextCursor).toBeNull();
    expect((await get(`/api/tenants/${owner.tenantId}/runs?status=pass`)).json().runs).toHaveLength(0);
    expect(
      (await get(`/api/tenants/${owner.tenantId}/runs?repo=payments&dateRange=today`)).json().runs,
    ).toHaveLength(1);
    expect((await get(`/api/tenants/${owner.tenantId}/runs?repo=nothing-like-it`)).json().runs).toHaveLength(
      0,
    );
  });

  it("shows the run with its findings and analyzer statuses", async () => {
    const response = await get(`/api/runs/${runId}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.analyzers.map((a: { analyzer: string }) => a.analyzer)).toContain("terraform");
    const failed = detail.findings.filter((f: { status: string }) => f.status === "fail");
    expect(failed.length).toBe(detail.run.failedCount);
    expect(failed[0]).toMatchObject({ filePath: expect.any(String), line: expect.any(Number) });
    expect(detail.findings.some((f: { status: string }) => f.status === "pass")).toBe(true);
  });

  it("feeds the dashboard summary with the scan's real counts", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/summary?days=7`);
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    const detail = (await get(`/api/runs/${runId}`)).json();
    const critical = detail.findings.filter(
      (f: { status: string; severity: string; waived: boolean }) =>
        f.status === "fail" && f.severity === "critical" && !f.waived,
    );
    expect(summary.hasData).toBe(true);
    expect(summary.metrics.criticalFindings).toBe(critical.length);
    expect(summary.recentRuns[0].id).toBe(runId);
    // Each severity's first five open findings, and the counts of all of them.
    const open = detail.findings.filter(
      (f: { status: string; waived: boolean }) => f.status === "fail" && !f.waived,
    );
    const severities = ["critical", "high", "med", "low"] as const;
    expect(summary.recentFindings.length).toBe(
      severities.reduce(
        (sum, severity) =>
          sum + Math.min(5, open.filter((f: { severity: string }) => f.severity === severity).length),
        0,
      ),
    );
    expect(summary.openFindingCounts.total).toBe(detail.run.failedCount);
    const failingControls = summary.controlStatus.filter((row: { failures: number }) => row.failures > 0);
    const evaluated = summary.controlStatus.filter((row: { evaluated: boolean }) => row.evaluated);
    expect(summary.metrics.postureScore).toBe(
      Math.round(((evaluated.length - failingControls.length) * 1000) / evaluated.length) / 10,
    );
    expect(summary.metrics.postureHistory.at(-1).score).toBe(summary.metrics.postureScore);
  });

  it("lists controls with counts and the findings of one control", async () => {
    const controls = (await get(`/api/tenants/${owner.tenantId}/controls?type=iac`)).json();
    expect(controls.every((row: { control: { tags: string[] } }) => row.control.tags.includes("iac"))).toBe(
      true,
    );
    const failing = controls.find((row: { failures: number }) => row.failures > 0);
    const response = await get(`/api/controls/${failing.control.id}/findings?tenantId=${owner.tenantId}`);
    expect(response.statusCode).toBe(200);
    const failed = response
      .json()
      .findings.filter((f: { status: string; waived: boolean }) => f.status === "fail" && !f.waived);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].run.commitSha).toHaveLength(40);
  });

  it("scores risks and fills the heatmap from open findings", async () => {
    const risks = (await get(`/api/tenants/${owner.tenantId}/risks`)).json();
    expect(risks.totalRisks).toBeGreaterThan(0);
    expect(risks.topRisks.length).toBeLessThanOrEqual(5);
    for (const risk of risks.topRisks) expect(risk.riskScore).toBeGreaterThan(0);
    const heatmap = (await get(`/api/tenants/${owner.tenantId}/risk-heatmap`)).json();
    const detail = (await get(`/api/runs/${runId}`)).json();
    expect(heatmap.totalFindings).toBe(detail.run.failedCount);
  });

  it("computes compliance per framework, with unmapped requirements untested", async () => {
    const frameworks = (await get("/api/frameworks")).json();
    expect(frameworks.map((f: { id: string }) => f.id)).toEqual(["soc2", "iso27001", "nist-800-53"]);
    const soc2 = (await get(`/api/compliance/soc2?tenantId=${owner.tenantId}`)).json();
    const { compliance, controls } = soc2;
    expect(compliance.totalControls).toBe(controls.length);
    expect(compliance.failedControls).toBeGreaterThan(0);
    expect(controls.filter((row: { status: string }) => row.status === "unknown").length).toBe(
      compliance.unknownControls,
    );
    // Every SOC 2 common criterion has a control now; ISO still has requirements none serves.
    expect(controls.every((row: { isMapped: boolean }) => row.isMapped)).toBe(true);
    const iso = (await get(`/api/compliance/iso27001?tenantId=${owner.tenantId}`)).json();
    expect(
      iso.controls.some(
        (row: { isMapped: boolean; status: string }) => !row.isMapped && row.status === "unknown",
      ),
    ).toBe(true);
    expect((await get(`/api/compliance/hipaa?tenantId=${owner.tenantId}`)).statusCode).toBe(404);
  });

  it("explains a finding and offers its fix from the rule catalogue, labelled as such", async () => {
    const detail = (await get(`/api/runs/${runId}`)).json();
    const finding = detail.findings.find((f: { status: string }) => f.status === "fail");
    const explanation = await post("/api/explain/finding", {
      findingId: finding.id,
      controlId: finding.controlId,
    });
    expect(explanation.statusCode).toBe(200);
    expect(explanation.json()).toMatchObject({
      source: "knowledge-base",
      recommendation: expect.any(String),
    });
    const fix = await post("/api/fixes/generate", { findingId: finding.id, findingType: "iac" });
    expect(fix.json()).toMatchObject({ source: "knowledge-base", aiGeneratedFix: expect.any(String) });
    const patched = detail.findings.find((f: { metadata: { patch?: string } }) => f.metadata.patch);
    if (patched) {
      const patchFix = (await post("/api/fixes/generate", { findingId: patched.id })).json();
      expect(patchFix.isPatch).toBe(true);
      expect(patchFix.aiGeneratedFix).toMatch(/^--- a\//m);
    }
  });

  it("dismisses a finding with a waiver, and brings it back when the waiver is revoked", async () => {
    const before = (await get(`/api/runs/${runId}`)).json();
    const finding = before.findings.find((f: { status: string }) => f.status === "fail");
    const created = await post(`/api/tenants/${owner.tenantId}/waivers`, {
      findingId: finding.id,
      reason: "accepted risk: test fixture",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      scope: "fingerprint",
      author: owner.email,
      ruleId: finding.ruleId,
    });
    const waived = (await get(`/api/runs/${runId}`)).json();
    expect(waived.run.failedCount).toBe(before.run.failedCount - 1);
    expect(waived.waivers).toHaveLength(1);
    expect(waived.findings.find((f: { id: string }) => f.id === finding.id).waived).toBe(true);

    const revoked = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/waivers/${created.json().id}`,
      headers: { cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revokedAt).toEqual(expect.any(String));
    expect((await get(`/api/runs/${runId}`)).json().run.failedCount).toBe(before.run.failedCount);
    const waivers = (await get(`/api/tenants/${owner.tenantId}/waivers`)).json();
    expect(waivers).toHaveLength(1); // revoked, still on record
  });

  it("rejects a waiver without a reason or with an expiry in the past", async () => {
    const finding = (await get(`/api/runs/${runId}`))
      .json()
      .findings.find((f: { status: string }) => f.status === "fail");
    expect(
      (await post(`/api/tenants/${owner.tenantId}/waivers`, { findingId: finding.id, reason: "" }))
        .statusCode,
    ).toBe(400);
    const past = await post(`/api/tenants/${owner.tenantId}/waivers`, {
      findingId: finding.id,
      reason: "too late",
      expiresAt: "2000-01-01T00:00:00.000Z",
    });
    expect(past.statusCode).toBe(400);
  });

  it("tracks findings across runs and marks the ones that disappear as fixed", async () => {
    writeFileSync(path.join(repoPath, "infra", "database.tf"), "# removed\n");
    git(repoPath, "commit", "--quiet", "-am", "remove the database");
    const second = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
    expect(second.statusCode).toBe(200);
    const summary = (await get(`/api/tenants/${owner.tenantId}/summary?days=7`)).json();
    expect(summary.metrics.remediationTime).not.toBeNull();
    expect(summary.recentRuns).toHaveLength(2);
  });
});

describe("a scan that cannot fetch", () => {
  const summaryOf = async () => (await get(`/api/tenants/${owner.tenantId}/summary?days=7`)).json();

  it("fails at once when someone waits on it, and is recorded as a failed run with the reason", async () => {
    const response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/web" });
    // Not retried: a retry would leave it queued past the wait, and the answer would be 202.
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(
      "Scan failed: The repository could not be fetched: the host could not be reached or did not answer as a git server",
    );

    const listed = (await get(`/api/tenants/${owner.tenantId}/runs?status=fail&repo=acme/web`)).json().runs;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      repo: "acme/web",
      triggeredBy: "manual",
      status: "fail",
      commitSha: "",
      filesScanned: 0,
      failedCount: 0,
      reason: {
        code: "unreachable",
        message:
          "The repository could not be fetched: the host could not be reached or did not answer as a git server",
      },
    });
    const [scan] = await ctx.database.db.select().from(scans).where(eq(scans.runId, listed[0].id));
    expect(scan).toMatchObject({ state: "failed", error: listed[0].reason.message });

    // The run's ledger entry is in the chain, which stays whole.
    const detail = (await get(`/api/runs/${listed[0].id}`)).json();
    expect(detail.run.reason.code).toBe("unreachable");
    expect(detail.findings).toEqual([]);
    expect(detail.evidenceArtifacts).toEqual([
      expect.objectContaining({
        artifactType: "run",
        hash: listed[0].selfHash,
        metadata: { status: "fail", repo: "acme/web" },
      }),
    ]);
    const verified = await post(`/api/tenants/${owner.tenantId}/evidence/verify`, {});
    expect(verified.json().chain).toMatchObject({ isValid: true, lastHash: listed[0].selfHash });
  });

  it("leaves the repository's posture to its last evaluated run", async () => {
    const before = await summaryOf();
    renameSync(repoPath, `${repoPath}.moved`);
    let response: Awaited<ReturnType<typeof post>>;
    try {
      response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
    } finally {
      renameSync(`${repoPath}.moved`, repoPath);
    }
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/could not be fetched: not found/);

    const after = await summaryOf();
    expect(after.recentRuns[0]).toMatchObject({ repo: "acme/payments-api", reason: { code: "not_found" } });
    expect(after.metrics.postureScore).toBe(before.metrics.postureScore);
    expect(after.metrics.criticalFindings).toBe(before.metrics.criticalFindings);
    expect(after.controlStatus).toEqual(before.controlStatus);
    expect(after.recentFindings).toEqual(before.recentFindings);
    const controls = (await get(`/api/tenants/${owner.tenantId}/controls`)).json();
    expect(controls.some((row: { failures: number }) => row.failures > 0)).toBe(true);
  });
});

describe("isolation and validation", () => {
  const routes = () => [
    ["GET", `/api/tenants/${owner.tenantId}/repositories`],
    ["GET", `/api/tenants/${owner.tenantId}/runs`],
    ["GET", `/api/runs/${runId}`],
    ["GET", `/api/tenants/${owner.tenantId}/summary?days=7`],
    ["GET", `/api/tenants/${owner.tenantId}/controls`],
    ["GET", `/api/controls/IAC-ENC-02/findings?tenantId=${owner.tenantId}`],
    ["GET", `/api/tenants/${owner.tenantId}/risks`],
    ["GET", `/api/tenants/${owner.tenantId}/risk-heatmap`],
    ["GET", `/api/compliance/soc2?tenantId=${owner.tenantId}`],
    ["GET", `/api/tenants/${owner.tenantId}/waivers`],
    ["GET", `/api/tenants/${owner.tenantId}/sbom`],
    ["GET", `/api/tenants/${owner.tenantId}/evidence`],
  ];

  it("answers 404 to a user of another tenant on every route", async () => {
    for (const [, url] of routes()) {
      const response = await get(url!, stranger.cookie);
      expect(response.statusCode, url).toBe(404);
    }
    const finding = (await get(`/api/runs/${runId}`)).json().findings[0];
    for (const [url, payload] of [
      ["/api/runs/trigger", { tenantId: owner.tenantId }],
      ["/api/explain/finding", { findingId: finding.id }],
      ["/api/fixes/generate", { findingId: finding.id }],
      [`/api/tenants/${owner.tenantId}/waivers`, { findingId: finding.id, reason: "not mine" }],
      [`/api/tenants/${owner.tenantId}/repositories`, { location: "https://git.example.test/x/y.git" }],
    ] as const) {
      expect((await post(url, payload, stranger.cookie)).statusCode, url).toBe(404);
    }
  });

  it.each([
    "/api/tenants/TENANT/summary?days=14",
    "/api/tenants/TENANT/runs?status=broken",
    "/api/tenants/TENANT/runs?dateRange=year",
    "/api/tenants/TENANT/runs?limit=0",
    "/api/tenants/TENANT/runs?cursor=not-a-cursor",
    "/api/tenants/TENANT/controls?type=everything",
    "/api/controls/IAC-ENC-02/findings?tenantId=nope",
    "/api/compliance/soc2",
  ])("answers 400 to bad query values: %s", async (url) => {
    const response = await get(url.replace("TENANT", owner.tenantId));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual(expect.any(String));
  });
});
