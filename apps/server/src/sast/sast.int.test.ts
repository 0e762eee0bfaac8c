import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import type { SastFinding, SastResponse } from "@rampart/contracts/sast";
import { findings, memberships } from "@rampart/db/schema";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repoPath: string;
let firstRunId: string;

/** Replaces the working tree with a sample snapshot and commits it. */
function commitSnapshot(snapshot: string, message: string) {
  git(repoPath, "rm", "-r", "--quiet", "--ignore-unmatch", ".");
  cpSync(path.join(SAMPLES_DIR, "ml-pipeline", snapshot), repoPath, { recursive: true });
  git(repoPath, "add", "--all");
  git(repoPath, "commit", "--quiet", "-m", message);
}

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });
const sast = async (cookie = owner.cookie): Promise<SastResponse> => {
  const response = await get(`/api/tenants/${owner.tenantId}/sast`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const byRule = (list: SastFinding[], ruleId: string, file: string) => {
  const found = list.find((f) => f.ruleId === ruleId && f.filePath === file);
  if (!found) throw new Error(`no ${ruleId} in ${file}: ${list.map((f) => f.ruleId).join(", ")}`);
  return found;
};

/** Triggers a scan and waits for its run (a busy machine can outlast the trigger's own wait). */
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
  const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
    location: repoPath,
    name: "acme/ml-pipeline",
  });
  expect(registered.statusCode).toBe(201);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe("SAST findings", () => {
  it("answers an empty list before the first scan", async () => {
    expect(await sast()).toEqual({
      findings: [],
      stats: {
        total: 0,
        critical: 0,
        high: 0,
        med: 0,
        low: 0,
        categories: { security: 0, "best-practice": 0, correctness: 0 },
      },
    });
  });

  it("lists the open SAST findings the scan stored, with counts", async () => {
    firstRunId = await scan();
    const { findings: list, stats } = await sast();
    const stored = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, firstRunId), eq(findings.analyzer, "sast"), eq(findings.status, "fail")));
    expect(list.map((f) => f.id).sort()).toEqual(stored.map((f) => f.id).sort());
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((f) => f.runId === firstRunId && f.repo === "acme/ml-pipeline")).toBe(true);
    expect(list.every((f) => f.ruleId.startsWith("sast/"))).toBe(true);
    // Most severe first.
    expect(list[0]!.severity).toBe("critical");
    expect(stats.total).toBe(list.length);
    expect(stats.critical + stats.high + stats.med + stats.low).toBe(list.length);
    expect(stats.critical).toBe(list.filter((f) => f.severity === "critical").length);
    // Every rule the engine ships today is a security rule.
    expect(stats.categories).toEqual({ security: list.length, "best-practice": 0, correctness: 0 });

    const command = byRule(list, "sast/command-injection", "registry/views.py");
    expect(command).toMatchObject({
      severity: "critical",
      category: "security",
      line: 56,
      sourceLine: 54,
      sinkLine: 56,
      cwe: expect.arrayContaining(["CWE-78"]),
      ruleTitle: expect.any(String),
      snippet: expect.stringContaining("subprocess.run("),
    });
    expect(command.message).toMatch(/from line 54/);
  });

  it("offers the patch as the fix suggestion when the rule rewrote the code", async () => {
    const tls = byRule((await sast()).findings, "sast/tls-verification-disabled", "pipeline/train.py");
    expect(tls.fixSuggestion).toContain("--- a/pipeline/train.py");
    expect(tls.fixSuggestion).toMatch(/^-.*verify=False/m);
    expect(tls.fixSuggestion).toMatch(/^\+.*verify=True/m);
    expect(tls.fixDescription).toBe("verify certificates (verify=True)");
    expect(tls.remediation).toEqual(expect.any(String));
    expect(tls.sourceLine).toBeNull();
  });

  it("has no fix suggestion without a patch, only the sink's advice or the rule's remediation", async () => {
    const list = (await sast()).findings;
    const command = byRule(list, "sast/command-injection", "registry/views.py");
    expect(command.fixSuggestion).toBeNull();
    expect(command.fixDescription).toBeNull();
    expect(command.remediation).toBe("pass an argument list and drop shell=True");
    const weakHash = byRule(list, "sast/weak-hash", "registry/auth.py");
    expect(weakHash.fixSuggestion).toBeNull();
    const [stored] = await ctx.database.db.select().from(findings).where(eq(findings.id, weakHash.id));
    expect(weakHash.remediation).toBe((stored!.metadata as { suggestion: string }).suggestion);
    expect(weakHash.remediation).not.toBe("");
  });

  it("takes the category from the stored properties", async () => {
    const before = await sast();
    const [row] = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, firstRunId), eq(findings.ruleId, "sast/weak-hash")));
    const metadata = row!.metadata as { properties: Record<string, unknown> };
    const recategorise = (category: string) =>
      ctx.database.db
        .update(findings)
        .set({ metadata: { ...metadata, properties: { ...metadata.properties, category } } })
        .where(eq(findings.id, row!.id));
    try {
      await recategorise("best-practice");
      const after = await sast();
      expect(after.findings.find((f) => f.id === row!.id)?.category).toBe("best-practice");
      expect(after.stats.categories).toEqual({
        security: before.stats.total - 1,
        "best-practice": 1,
        correctness: 0,
      });
      await recategorise("correctness");
      expect((await sast()).stats.categories.correctness).toBe(1);
    } finally {
      await ctx.database.db.update(findings).set({ metadata }).where(eq(findings.id, row!.id));
    }
  });

  it("leaves out waived findings and keeps them out of the counts", async () => {
    const before = await sast();
    const weakHash = byRule(before.findings, "sast/weak-hash", "registry/auth.py");
    const waiver = await post(`/api/tenants/${owner.tenantId}/waivers`, {
      findingId: weakHash.id,
      reason: "legacy accounts migrate on next login",
    });
    expect(waiver.statusCode).toBe(201);
    const after = await sast();
    expect(after.findings.map((f) => f.id)).not.toContain(weakHash.id);
    expect(after.stats.total).toBe(before.stats.total - 1);
    expect(after.stats.high).toBe(before.stats.high - 1);
  });

  it("answers the latest run of the repository only", async () => {
    // 02-safe-loading uses yaml.safe_load and verifies TLS against the internal CA bundle.
    commitSnapshot("02-safe-loading", "safe loading");
    const secondRunId = await scan();
    const { findings: list } = await sast();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((f) => f.runId === secondRunId)).toBe(true);
    expect(list.some((f) => f.ruleId === "sast/tls-verification-disabled")).toBe(false);
    const open = await ctx.database.db
      .select()
      .from(findings)
      .where(
        and(
          eq(findings.runId, secondRunId),
          eq(findings.analyzer, "sast"),
          eq(findings.status, "fail"),
          isNull(findings.waiverId),
        ),
      );
    expect(list).toHaveLength(open.length);
  });
});

describe("access", () => {
  it("answers 404 to a user of another tenant and to an unknown tenant", async () => {
    const theirs = await get(`/api/tenants/${owner.tenantId}/sast`, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe("Organization not found");
    const unknown = await get("/api/tenants/00000000-0000-4000-8000-000000000000/sast");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toHaveProperty("error");
  });

  it("answers 400 to a malformed tenant id and 401 without a session", async () => {
    const bad = await get("/api/tenants/not-a-uuid/sast");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("error");
    expect((await ctx.app.inject({ url: `/api/tenants/${owner.tenantId}/sast` })).statusCode).toBe(401);
  });

  it("lets members read, as for dependency findings, and never auditors (snippets are code)", async () => {
    const expected = await sast();
    for (const role of ["member", "auditor"] as const) {
      const user = await signUp(ctx.app);
      await ctx.database.db
        .insert(memberships)
        .values({ userId: user.userId, tenantId: owner.tenantId, role });
      const status = role === "member" ? 200 : 403;
      if (role === "member") expect(await sast(user.cookie), role).toEqual(expected);
      else expect((await get(`/api/tenants/${owner.tenantId}/sast`, user.cookie)).statusCode).toBe(status);
      const sca = await get(`/api/tenants/${owner.tenantId}/sca`, user.cookie);
      expect(sca.statusCode, role).toBe(status);
    }
  });
});
