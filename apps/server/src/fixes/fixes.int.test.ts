import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { evidenceArtifacts, findings, memberships, policyRuns, prSuggestions } from "@rampart/db/schema";
import { verifyChain } from "@rampart/ledger";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { asTenant, createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";
import { fixRemotePath } from "../code-host/fix-remote.ts";

const REFUNDS = "src/routes/refunds.js";

let ctx: TestContext;
/** As the fixes.reconcile job runs it: in the payload's tenant (row-level security). */
const reconcileAsJob = (payload: Parameters<TestContext["services"]["fixes"]["reconcile"]>[0]) =>
  asTenant(payload.tenantId, () => ctx.services.fixes.reconcile(payload));
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let root: string;
let localPath: string;
let sampleRepositoryId: string;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });

/** Triggers a scan and waits for its run (a busy machine can outlast the trigger's own wait). */
async function scan(repo: string): Promise<string> {
  const response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo });
  expect([200, 202], response.body).toContain(response.statusCode);
  let summary = response.json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 240; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await get(`/api/scans/${summary.scanId}`)).json();
  }
  expect(summary.state).toBe("completed");
  return summary.runId;
}

async function findingOf(runId: string, ruleId: string, filePath: string) {
  const [row] = await ctx.database.db
    .select()
    .from(findings)
    .where(and(eq(findings.runId, runId), eq(findings.ruleId, ruleId), eq(findings.filePath, filePath)));
  if (!row) throw new Error(`no ${ruleId} finding in ${filePath}`);
  return row;
}

const fixRemote = (repositoryId: string) =>
  fixRemotePath(path.join(ctx.services.config.DATA_DIR, "fix-remotes"), repositoryId);

let sampleRunId: string;
let localRunId: string;

beforeAll(async () => {
  ({ root, path: localPath } = sampleRepository("payments-api", "03-webhooks", "webhooks"));
  ctx = await createTestContext({ samplesDir: SAMPLES_DIR, localRepositoryRoots: [root] });
  owner = await signUp(ctx.app, { tenantName: "Fixing Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  // Samples are registered by the demo seed only; this registers one the same way, in a tenant
  // the owner may change.
  const sample = await asTenant(owner.tenantId, () =>
    ctx.services.repositoriesRepo.insert({
      tenantId: owner.tenantId,
      name: "rampart-samples/payments-api",
      source: "sample",
      location: "payments-api",
      defaultBranch: "main",
    }),
  );
  sampleRepositoryId = sample.id;
  const local = await post(`/api/tenants/${owner.tenantId}/repositories`, {
    location: localPath,
    name: "acme/payments-api",
  });
  expect(local.statusCode, local.body).toBe(201);
  sampleRunId = await scan("rampart-samples/payments-api");
  localRunId = await scan("acme/payments-api");
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(root, { recursive: true, force: true });
});

describe("POST /api/fixes/sast", () => {
  it("pushes a security/fix branch with the patched file to the fix remote and records it", async () => {
    const finding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    expect((finding.metadata as { patch?: string }).patch).toContain("payment_id = $1");

    const response = await post("/api/fixes/sast", { findingId: finding.id });
    expect(response.statusCode, response.body).toBe(201);
    const { pr } = response.json();
    expect(pr).toEqual({ number: 1, branchName: "security/fix/sql-injection-refunds.js-1", url: null });

    const remote = fixRemote(sampleRepositoryId);
    const fixed = git(remote, "show", `${pr.branchName}:${REFUNDS}`);
    expect(fixed).toContain(
      `"SELECT id, amount, reason, created_at FROM refunds WHERE payment_id = $1 ORDER BY created_at", [req.query.payment]`,
    );
    expect(fixed).not.toContain("req.query.payment + \"'");
    // One commit on top of the scanned commit, changing only the patched file.
    const [run] = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.id, sampleRunId));
    expect(git(remote, "rev-parse", `${pr.branchName}^`)).toBe(run!.commitSha);
    expect(git(remote, "diff", "--name-only", `${pr.branchName}^`, pr.branchName)).toBe(REFUNDS);
    expect(git(remote, "log", "-1", "--format=%an <%ae>%n%s", pr.branchName)).toBe(
      "Rampart <fixes@rampart.invalid>\nFix SQL query built from untrusted input in src/routes/refunds.js",
    );

    const [row] = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(eq(prSuggestions.findingId, finding.id));
    expect(row).toMatchObject({
      tenantId: owner.tenantId,
      repositoryId: sampleRepositoryId,
      runId: sampleRunId,
      findingFingerprint: finding.fingerprint,
      kind: "sast",
      number: 1,
      state: "open",
      baseCommit: run!.commitSha,
      headCommit: git(remote, "rev-parse", pr.branchName),
      testsAdded: false,
    });
    expect(row!.patch).toBe((finding.metadata as { patch: string }).patch);
  });

  it("appends a fix_pr artifact to the tenant's ledger, and the chain still verifies", async () => {
    const artifacts = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(
        and(eq(evidenceArtifacts.tenantId, owner.tenantId), eq(evidenceArtifacts.artifactType, "fix_pr")),
      );
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]!.runId).toBe(sampleRunId);
    expect(artifacts[0]!.content).toMatchObject({
      kind: "fix-pull-request",
      number: 1,
      status: "open",
      branchName: "security/fix/sql-injection-refunds.js-1",
      files: [REFUNDS],
    });
    const entries = await asTenant(owner.tenantId, () => ctx.services.ledger.entriesOf(owner.tenantId));
    expect(verifyChain(entries)).toMatchObject({ ok: true, length: entries.length });
    const evidence = await get(`/api/tenants/${owner.tenantId}/evidence`);
    expect(evidence.statusCode).toBe(200);
    expect(JSON.stringify(evidence.json())).toContain("fix_pr");
  });

  it("returns the open pull request again instead of opening a second", async () => {
    const finding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    const again = await post("/api/fixes/sast", { findingId: finding.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().pr.number).toBe(1);
    // The same hazard found by a later run of the repository is the same fix.
    const rescanned = await scan("rampart-samples/payments-api");
    const later = await findingOf(rescanned, "sast/sql-injection", REFUNDS);
    expect(later.id).not.toBe(finding.id);
    const fromLater = await post("/api/fixes/sast", { findingId: later.id });
    expect(fromLater.json().pr.number).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(eq(prSuggestions.tenantId, owner.tenantId));
    expect(rows).toHaveLength(1);
  });

  it("numbers pull requests per tenant in sequence, and never touches the user's working copy", async () => {
    const head = git(localPath, "rev-parse", "HEAD");
    const finding = await findingOf(localRunId, "sast/sql-injection", REFUNDS);
    const response = await post("/api/fixes/sast", { findingId: finding.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().pr).toMatchObject({
      number: 2,
      branchName: "security/fix/sql-injection-refunds.js-2",
    });
    const [local] = await asTenant(owner.tenantId, () =>
      ctx.services.repositoriesRepo.list(owner.tenantId),
    ).then((all) => all.filter((repository) => repository.source === "local"));
    const remote = fixRemote(local!.id);
    expect(git(remote, "show", `security/fix/sql-injection-refunds.js-2:${REFUNDS}`)).toContain(
      "payment_id = $1",
    );
    expect(git(localPath, "rev-parse", "HEAD")).toBe(head);
    expect(git(localPath, "branch", "--list")).toBe("* main");
    expect(git(localPath, "status", "--porcelain")).toBe("");
  });

  it("answers 409 for a repository that is a plain directory, with nothing to branch from", async () => {
    const plain = path.join(root, "plain-copy");
    cpSync(path.join(SAMPLES_DIR, "payments-api", "03-webhooks"), plain, { recursive: true });
    const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: plain,
      name: "acme/plain-copy",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const runId = await scan("acme/plain-copy");
    const finding = await findingOf(runId, "sast/sql-injection", REFUNDS);
    const response = await post("/api/fixes/sast", { findingId: finding.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/plain directory, not a git repository/);
    const rows = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(eq(prSuggestions.findingId, finding.id));
    expect(rows).toEqual([]);
  });

  it("answers 409 for a finding without a patch", async () => {
    const finding = await findingOf(sampleRunId, "sast/sql-injection", "src/routes/payments.js");
    expect((finding.metadata as { patch?: string }).patch).toBeUndefined();
    const response = await post("/api/fixes/sast", { findingId: finding.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: "No automated fix is available for this finding" });
  });

  it("answers 400 for a bad body and for a finding that is not a SAST finding", async () => {
    for (const payload of [{}, { findingId: "nope" }, { findingId: 7 }]) {
      const response = await post("/api/fixes/sast", payload);
      expect(response.statusCode).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
    const [iac] = await ctx.database.db
      .select()
      .from(findings)
      .where(
        and(eq(findings.runId, sampleRunId), eq(findings.analyzer, "terraform"), eq(findings.status, "fail")),
      )
      .limit(1);
    const response = await post("/api/fixes/sast", { findingId: iac!.id });
    expect(response.statusCode).toBe(400);
  });

  it("answers 404 for an unknown finding and for another tenant's", async () => {
    const unknown = await post("/api/fixes/sast", { findingId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(404);
    const finding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    const theirs = await post("/api/fixes/sast", { findingId: finding.id }, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: "Finding not found" });
  });

  it("answers 403 to an auditor", async () => {
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    const finding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    const response = await post("/api/fixes/sast", { findingId: finding.id }, auditor.cookie);
    expect(response.statusCode).toBe(403);
  });
});

describe("listing and counting fix pull requests", () => {
  it("lists the tenant's suggestions newest first and counts the open ones", async () => {
    const list = await get(`/api/tenants/${owner.tenantId}/pr-suggestions`);
    expect(list.statusCode).toBe(200);
    const suggestions = list.json().prSuggestions;
    expect(suggestions.map((s: { number: number }) => s.number)).toEqual([2, 1]);
    expect(suggestions[1]).toMatchObject({
      branchName: "security/fix/sql-injection-refunds.js-1",
      title: "Fix SQL query built from untrusted input in src/routes/refunds.js",
      repo: "rampart-samples/payments-api",
      state: "open",
      merged: false,
      accepted: false,
      testsAdded: false,
      kind: "sast",
      url: null,
    });
    expect(suggestions[1].aiExplainer).toContain("bind parameters");
    const active = await get(`/api/prs/active?tenantId=${owner.tenantId}`);
    expect(active.statusCode).toBe(200);
    expect(active.json()).toEqual({ source: "local", count: 2 });
    await ctx.database.db
      .update(prSuggestions)
      .set({ state: "merged", merged: true })
      .where(and(eq(prSuggestions.tenantId, owner.tenantId), eq(prSuggestions.number, 2)));
    expect((await get(`/api/prs/active?tenantId=${owner.tenantId}`)).json()).toEqual({
      source: "local",
      count: 1,
    });
  });

  it("answers 404 to another tenant and 400 without a tenant", async () => {
    expect((await get(`/api/tenants/${owner.tenantId}/pr-suggestions`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/prs/active?tenantId=${owner.tenantId}`, stranger.cookie)).statusCode).toBe(404);
    const missing = await get("/api/prs/active");
    expect(missing.statusCode).toBe(400);
    expect(typeof missing.json().error).toBe("string");
    expect(
      (await get(`/api/tenants/${stranger.tenantId}/pr-suggestions`, stranger.cookie)).json().prSuggestions,
    ).toEqual([]);
  });
});

describe("POST /api/fixes/dependency", () => {
  it("pushes a branch that upgrades the package in package.json and package-lock.json", async () => {
    const [finding] = (
      await ctx.database.db
        .select()
        .from(findings)
        .where(and(eq(findings.runId, sampleRunId), eq(findings.ruleId, "sca/vulnerable-dependency")))
    ).filter(
      (row) =>
        (row.metadata as { properties: { packageName: string } }).properties.packageName === "minimist",
    );
    expect(finding).toBeDefined();
    const response = await post("/api/fixes/dependency", { findingId: finding!.id });
    expect(response.statusCode, response.body).toBe(201);
    const { pr } = response.json();
    // The repository's npm fixes go to one pull request, its branch named after the group.
    expect(pr).toEqual({ number: 3, branchName: "security/fix/npm-dependencies-3", url: null });

    const remote = fixRemote(sampleRepositoryId);
    expect(git(remote, "diff", "--name-only", `${pr.branchName}^`, pr.branchName).split("\n")).toEqual([
      "package-lock.json",
      "package.json",
    ]);
    const lock = JSON.parse(git(remote, "show", `${pr.branchName}:package-lock.json`));
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");
    const manifest = JSON.parse(git(remote, "show", `${pr.branchName}:package.json`));
    expect(manifest.dependencies.minimist).toMatch(/1\.2\.6/);

    const listed = (await get(`/api/tenants/${owner.tenantId}/pr-suggestions`)).json().prSuggestions;
    expect(listed[0]).toMatchObject({
      number: 3,
      kind: "dependency",
      title: expect.stringMatching(/^Upgrade minimist from 1\.2\.5 to 1\.2\.6/),
      testsAdded: false,
    });
    expect(listed[0].aiExplainer).toContain("Upgrade minimist from 1.2.5 to 1.2.6 (direct dependency)");
    expect(listed[0].aiExplainer).toContain("| minimist (`package-lock.json`) | 1.2.5 → 1.2.6 |");
    const artifacts = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(
        and(eq(evidenceArtifacts.tenantId, owner.tenantId), eq(evidenceArtifacts.artifactType, "fix_pr")),
      );
    expect(artifacts).toHaveLength(3);
    expect(
      verifyChain(await asTenant(owner.tenantId, () => ctx.services.ledger.entriesOf(owner.tenantId))).ok,
    ).toBe(true);
  });

  it("puts concurrent requests for two upgrades of one ecosystem in one pull request with both", async () => {
    const rows = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, localRunId), eq(findings.ruleId, "sca/vulnerable-dependency")));
    const of = (name: string) =>
      rows.find(
        (row) => (row.metadata as { properties: { packageName: string } }).properties.packageName === name,
      )!;
    const [semverA, semverB, cookie] = await Promise.all([
      post("/api/fixes/dependency", { findingId: of("semver").id }),
      post("/api/fixes/dependency", { findingId: of("semver").id }),
      post("/api/fixes/dependency", { findingId: of("cookie").id }),
    ]);
    for (const response of [semverA, semverB, cookie])
      expect([200, 201], response.body).toContain(response.statusCode);
    // One opened it; the others found it and (cookie) added their upgrade to it.
    expect([semverA.statusCode, semverB.statusCode, cookie.statusCode].sort()).toEqual([200, 200, 201]);
    expect(semverA.json().pr).toEqual({
      number: 4,
      branchName: "security/fix/npm-dependencies-4",
      url: null,
    });
    expect(semverB.json().pr).toEqual(semverA.json().pr);
    expect(cookie.json().pr).toEqual(semverA.json().pr);
    const all = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(eq(prSuggestions.tenantId, owner.tenantId));
    expect(all.map((row) => row.number).sort()).toEqual([1, 2, 3, 4]);
    const group = all.find((row) => row.number === 4)!;
    expect(group.title).toBe("Upgrade 2 npm dependencies: cookie and semver");
    expect(group.fixedFingerprints).toEqual(
      expect.arrayContaining([of("semver").fingerprint, of("cookie").fingerprint]),
    );
    // Both upgrades in the branch's one commit, on the scanned commit.
    const [local] = await asTenant(owner.tenantId, () =>
      ctx.services.repositoriesRepo.list(owner.tenantId),
    ).then((repositories) => repositories.filter((repository) => repository.source === "local"));
    const remote = fixRemote(local!.id);
    expect(git(remote, "rev-parse", `${group.branchName}^`)).toBe(git(localPath, "rev-parse", "HEAD"));
    const lock = JSON.parse(git(remote, "show", `${group.branchName}:package-lock.json`));
    const installed = (name: string) => lock.packages[`node_modules/${name}`].version;
    const fixedIn = (name: string) =>
      (of(name).metadata as { properties: { fixedVersion: string } }).properties.fixedVersion;
    expect(installed("semver")).toBe(fixedIn("semver"));
    expect(installed("cookie")).toBe(fixedIn("cookie"));
    expect(
      verifyChain(await asTenant(owner.tenantId, () => ctx.services.ledger.entriesOf(owner.tenantId))).ok,
    ).toBe(true);
  });

  it("answers 400 for a finding that is not a dependency finding, 404 for another tenant's", async () => {
    const sastFinding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    expect((await post("/api/fixes/dependency", { findingId: sastFinding.id })).statusCode).toBe(400);
    const [dependency] = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, sampleRunId), eq(findings.ruleId, "sca/vulnerable-dependency")))
      .limit(1);
    const theirs = await post("/api/fixes/dependency", { findingId: dependency!.id }, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect((await post("/api/fixes/dependency", { findingId: "x" })).statusCode).toBe(400);
  });
});

describe("fix pull requests elsewhere", () => {
  it("shows a run's fix pull requests in the run's detail", async () => {
    const detail = await get(`/api/runs/${sampleRunId}`);
    expect(detail.statusCode).toBe(200);
    const numbers = detail.json().prSuggestions.map((s: { number: number }) => s.number);
    expect(numbers).toEqual([3, 1]);
    expect(detail.json().prSuggestions[1]).toMatchObject({
      branchName: "security/fix/sql-injection-refunds.js-1",
      runId: sampleRunId,
    });
  });

  it("shows the tenant's four newest on the dashboard summary", async () => {
    const summary = await get(`/api/tenants/${owner.tenantId}/summary`);
    expect(summary.statusCode).toBe(200);
    const suggestions = summary.json().prSuggestions;
    expect(suggestions.map((s: { number: number }) => s.number)).toEqual([4, 3, 2, 1]);
    for (const suggestion of suggestions) {
      expect(suggestion).toMatchObject({ merged: expect.any(Boolean), accepted: false, testsAdded: false });
      expect(suggestion.branchName).toMatch(/^security\/fix\//);
    }
  });
});

describe("a repository registered by git URL", () => {
  it("fetches the scanned commit from the URL into its fix remote and branches there", async () => {
    const registered = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: `file://${localPath}`,
      name: "acme/payments-api-mirror",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().source).toBe("git");
    const runId = await scan("acme/payments-api-mirror");
    const finding = await findingOf(runId, "sast/sql-injection", REFUNDS);
    const response = await post("/api/fixes/sast", { findingId: finding.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().pr).toEqual({
      number: 5,
      branchName: "security/fix/sql-injection-refunds.js-5",
      url: null,
    });
    const remote = fixRemote(registered.json().id);
    expect(git(remote, "rev-parse", "security/fix/sql-injection-refunds.js-5^")).toBe(
      git(localPath, "rev-parse", "HEAD"),
    );
    expect(git(remote, "show", `security/fix/sql-injection-refunds.js-5:${REFUNDS}`)).toContain(
      "payment_id = $1",
    );
  });

  it("marks the pull request merged once a scan finds its commit in the history, and records that", async () => {
    const [mirror] = (
      await asTenant(owner.tenantId, () => ctx.services.repositoriesRepo.list(owner.tenantId))
    ).filter((repository) => repository.name === "acme/payments-api-mirror");
    const branch = "security/fix/sql-injection-refunds.js-5";
    const activeBefore = (await get(`/api/prs/active?tenantId=${owner.tenantId}`)).json().count;
    // History without the fix leaves it open.
    await reconcileAsJob({
      tenantId: owner.tenantId,
      repositoryId: mirror!.id,
      commitSha: git(localPath, "rev-parse", "HEAD"),
    });
    expect((await get(`/api/prs/active?tenantId=${owner.tenantId}`)).json().count).toBe(activeBefore);

    // The user takes the branch from the fix remote and merges it; the next scan notices.
    git(localPath, "fetch", "--quiet", fixRemote(mirror!.id), branch);
    git(localPath, "merge", "--quiet", "--no-ff", "-m", "Merge the SQL injection fix", "FETCH_HEAD");
    await scan("acme/payments-api-mirror");
    let suggestion: { number: number; state: string; merged: boolean; accepted: boolean } | undefined;
    for (let attempt = 0; attempt < 60 && suggestion?.state !== "merged"; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      const listed = (await get(`/api/tenants/${owner.tenantId}/pr-suggestions`)).json().prSuggestions;
      suggestion = listed.find((s: { number: number }) => s.number === 5);
    }
    expect(suggestion).toMatchObject({ state: "merged", merged: true, accepted: true });
    expect((await get(`/api/prs/active?tenantId=${owner.tenantId}`)).json().count).toBe(activeBefore - 1);
    const merged = (
      await ctx.database.db
        .select()
        .from(evidenceArtifacts)
        .where(
          and(eq(evidenceArtifacts.tenantId, owner.tenantId), eq(evidenceArtifacts.artifactType, "fix_pr")),
        )
    ).filter((row) => (row.content as { status: string }).status === "merged");
    expect(merged).toHaveLength(1);
    expect(merged[0]!.content).toMatchObject({
      number: 5,
      branchName: branch,
      mergedInto: git(localPath, "rev-parse", "HEAD"),
    });
    expect(
      verifyChain(await asTenant(owner.tenantId, () => ctx.services.ledger.entriesOf(owner.tenantId))).ok,
    ).toBe(true);
  });
});

describe("one pull request per package upgrade, one per ecosystem", () => {
  const dependencyFindings = async (runId: string, packageName: string) =>
    (
      await ctx.database.db
        .select()
        .from(findings)
        .where(and(eq(findings.runId, runId), eq(findings.ruleId, "sca/vulnerable-dependency")))
    ).filter(
      (row) =>
        (row.metadata as { properties: { packageName: string } }).properties.packageName === packageName,
    );
  const cveOf = (row: { metadata: unknown }) =>
    (row.metadata as { properties: { cveId: string } }).properties.cveId;

  it("adds a package with two advisories to the ecosystem's open pull request once, to the version that fixes both", async () => {
    const express = await dependencyFindings(sampleRunId, "express");
    const [minimist] = await dependencyFindings(sampleRunId, "minimist");
    expect(express.map(cveOf).sort()).toEqual(["CVE-2024-29041", "CVE-2024-43796"]);
    const remote = fixRemote(sampleRepositoryId);
    const before = git(remote, "rev-parse", "security/fix/npm-dependencies-3");
    // The repository's npm pull request (#3, minimist) is open: the upgrade joins it.
    const first = await post("/api/fixes/dependency", { findingId: express[0]!.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().pr).toEqual({ number: 3, branchName: "security/fix/npm-dependencies-3", url: null });
    const second = await post("/api/fixes/dependency", { findingId: express[1]!.id });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().pr).toEqual(first.json().pr);

    const rows = (
      await ctx.database.db.select().from(prSuggestions).where(eq(prSuggestions.tenantId, owner.tenantId))
    ).filter((row) => row.title.includes("express"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.number).toBe(3);
    expect(rows[0]!.title).toBe("Upgrade 2 npm dependencies: express and minimist");
    expect(rows[0]!.body).toContain(
      "| express (`package-lock.json`) | 4.17.1 → 4.20.0 | CVE-2024-29041, CVE-2024-43796 |",
    );
    expect(rows[0]!.body).toMatch(/\| minimist \(`package-lock.json`\) \| 1\.2\.5 → 1\.2\.6 \| \S+ \|/);
    expect(rows[0]!.body).toContain("#### express 4.17.1 → 4.20.0");
    expect(rows[0]!.body).toContain("affected by 2 advisories");
    expect(rows[0]!.body).toMatch(/- CVE-2024-29041 \(\w+\).*; fixed in 4\.19\.2/);
    expect(rows[0]!.body).toMatch(/- CVE-2024-43796 \(\w+\).*; fixed in 4\.20\.0/);
    expect(rows[0]!.fixedFingerprints.sort()).toEqual(
      [...express.map((row) => row.fingerprint), minimist!.fingerprint].sort(),
    );
    // The branch was rebuilt: one commit on the scanned commit, with both upgrades.
    const head = git(remote, "rev-parse", rows[0]!.branchName);
    expect(head).not.toBe(before);
    const [run] = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.id, sampleRunId));
    expect(git(remote, "rev-parse", `${head}^`)).toBe(run!.commitSha);
    const lock = JSON.parse(git(remote, "show", `${head}:package-lock.json`));
    expect(lock.packages["node_modules/express"].version).toBe("4.20.0");
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");
    const updated = (
      await ctx.database.db
        .select()
        .from(evidenceArtifacts)
        .where(
          and(eq(evidenceArtifacts.tenantId, owner.tenantId), eq(evidenceArtifacts.artifactType, "fix_pr")),
        )
    ).filter((artifact) => {
      const content = artifact.content as { kind: string; number: number };
      return content.kind === "fix-pull-request-updated" && content.number === 3;
    });
    expect(updated).toHaveLength(1);
    expect(updated[0]!.content).toMatchObject({
      number: 3,
      fixKey: "dependencies:npm",
      upgrades: [
        {
          package: "express",
          from: "4.17.1",
          to: "4.20.0",
          advisories: ["CVE-2024-29041", "CVE-2024-43796"],
        },
        { package: "minimist", from: "1.2.5", to: "1.2.6" },
      ],
    });
  });

  it("shows the pull request on every dependency finding it fixes, and no button's worth on the others", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/sca`);
    expect(response.statusCode).toBe(200);
    const listed = response.json().findings as {
      packageName: string;
      repo: string;
      license: string | null;
      licenseUnknownReason: string | null;
      fixPullRequest: { number: number; state: string; branchName: string; url: string | null } | null;
    }[];
    const sample = listed.filter((finding) => finding.repo === "rampart-samples/payments-api");
    const express = sample.filter((finding) => finding.packageName === "express");
    expect(express).toHaveLength(2);
    for (const finding of express) {
      // The licence comes from package-lock.json's `license` field.
      expect(finding).toMatchObject({ license: "MIT", licenseUnknownReason: null });
      expect(finding.fixPullRequest).toMatchObject({ state: "open", url: null });
      expect(finding.fixPullRequest).toMatchObject({
        number: 3,
        branchName: "security/fix/npm-dependencies-3",
      });
    }
    expect(sample.find((finding) => finding.packageName === "minimist")!.fixPullRequest).toMatchObject({
      number: 3,
      state: "open",
    });
    // A pull request fixes the findings of its own repository only.
    const otherRepository = listed.filter(
      (finding) => finding.repo !== "rampart-samples/payments-api" && finding.packageName === "express",
    );
    expect(otherRepository.length).toBeGreaterThan(0);
    for (const finding of otherRepository) expect(finding.fixPullRequest).toBeNull();
    expect(sample.find((finding) => finding.packageName === "qs")!.fixPullRequest).toBeNull();
  });

  it("shows a code finding's pull request on the SAST list", async () => {
    const response = await get(`/api/tenants/${owner.tenantId}/sast`);
    const refunds = (
      response.json().findings as {
        filePath: string;
        repo: string;
        ruleId: string;
        fixPullRequest: unknown;
      }[]
    ).find(
      (finding) =>
        finding.filePath === REFUNDS &&
        finding.ruleId === "sast/sql-injection" &&
        finding.repo === "rampart-samples/payments-api",
    );
    expect(refunds?.fixPullRequest).toMatchObject({ number: 1, state: "open" });
  });
});

describe("POST /api/fixes/finding (the dashboard's Create Fix PR)", () => {
  it("opens a configuration finding's mechanical fix, and says why a finding without one has none", async () => {
    const [terraform] = (
      await ctx.database.db
        .select()
        .from(findings)
        .where(
          and(
            eq(findings.runId, sampleRunId),
            eq(findings.ruleId, "terraform/public-rds-instance"),
            eq(findings.status, "fail"),
          ),
        )
    ).filter((row) => (row.metadata as { patch?: string }).patch);
    expect(terraform).toBeDefined();
    const opened = await post("/api/fixes/finding", { findingId: terraform!.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(eq(prSuggestions.findingId, terraform!.id));
    expect(row).toMatchObject({ kind: "iac", state: "open", fixKey: terraform!.fingerprint });
    expect(
      git(fixRemote(sampleRepositoryId), "diff", "--name-only", `${row!.branchName}^`, row!.branchName),
    ).toBe(terraform!.filePath);

    const unpatched = await findingOf(sampleRunId, "sast/sql-injection", "src/routes/payments.js");
    const refused = await post("/api/fixes/finding", { findingId: unpatched.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: "No automated fix is available for this finding" });
  });

  it("opens a dependency upgrade the same way, reusing the package's open pull request", async () => {
    const [express] = (
      await ctx.database.db
        .select()
        .from(findings)
        .where(and(eq(findings.runId, sampleRunId), eq(findings.ruleId, "sca/vulnerable-dependency")))
    ).filter(
      (row) => (row.metadata as { properties: { packageName: string } }).properties.packageName === "express",
    );
    const response = await post("/api/fixes/finding", { findingId: express!.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().pr.branchName).toBe("security/fix/npm-dependencies-3");
  });

  it("tells the lists which findings can be fixed, why not, and which already are", async () => {
    type Listed = {
      id: string;
      ruleId: string;
      filePath: string | null;
      status: string;
      fix: { available: boolean; kind?: string; reason?: string };
      fixPullRequest: { number: number; state: string } | null;
    };
    const detail = (await get(`/api/runs/${sampleRunId}`)).json().findings as Listed[];
    const at = (ruleId: string, filePath: string) =>
      detail.find(
        (finding) => finding.ruleId === ruleId && finding.filePath === filePath && finding.status === "fail",
      )!;
    expect(
      at(
        "terraform/public-rds-instance",
        detail.find((f) => f.ruleId === "terraform/public-rds-instance")!.filePath!,
      ),
    ).toMatchObject({ fix: { available: true, kind: "iac" }, fixPullRequest: { state: "open" } });
    expect(at("sast/sql-injection", REFUNDS)).toMatchObject({
      fix: { available: true, kind: "sast" },
      fixPullRequest: { number: 1, state: "open" },
    });
    expect(at("sast/sql-injection", "src/routes/payments.js")).toEqual(
      expect.objectContaining({
        fix: { available: false, reason: "No automated fix is available for this finding" },
        fixPullRequest: null,
      }),
    );
    expect(detail.find((finding) => finding.status === "pass")!.fix).toEqual({
      available: false,
      reason: "Only a failed finding needs a fix",
    });

    // The dashboard's Active Findings carry the same facts.
    const summary = await get(`/api/tenants/${owner.tenantId}/summary?days=30`);
    expect(summary.statusCode).toBe(200);
    const recent = summary.json().recentFindings as Listed[];
    expect(recent.length).toBeGreaterThan(0);
    for (const finding of recent) {
      if (finding.fix.available) expect(finding.fix.kind).toEqual(expect.any(String));
      else expect(finding.fix.reason).toEqual(expect.any(String));
    }
    // Active Findings shows each severity's first five, which need not include a fixed one: each
    // finding it shows says what the run's own list says of it.
    const inRun = new Map(detail.map((finding) => [finding.id, finding]));
    for (const finding of recent.filter((candidate) => inRun.has(candidate.id)))
      expect(finding.fixPullRequest?.state ?? null).toBe(
        inRun.get(finding.id)!.fixPullRequest?.state ?? null,
      );
  });

  it("answers 404 for another tenant's finding and 403 to an auditor", async () => {
    const finding = await findingOf(sampleRunId, "sast/sql-injection", REFUNDS);
    const theirs = await post("/api/fixes/finding", { findingId: finding.id }, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: "Finding not found" });
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    expect((await post("/api/fixes/finding", { findingId: finding.id }, auditor.cookie)).statusCode).toBe(
      403,
    );
    for (const payload of [{}, { findingId: "x" }]) {
      const bad = await post("/api/fixes/finding", payload);
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().error).toBe("string");
    }
  });
});

describe("grouped dependency fixes: a new pull request after a merge, and one per ecosystem", () => {
  const dependencies = async (runId: string, packageName: string) =>
    (
      await ctx.database.db
        .select()
        .from(findings)
        .where(
          and(
            eq(findings.runId, runId),
            eq(findings.ruleId, "sca/vulnerable-dependency"),
            eq(findings.status, "fail"),
          ),
        )
    ).filter(
      (row) =>
        (row.metadata as { properties: { packageName: string } }).properties.packageName === packageName,
    );
  const localRepository = async () =>
    (await asTenant(owner.tenantId, () => ctx.services.repositoriesRepo.list(owner.tenantId))).find(
      (repository) => repository.name === "acme/payments-api",
    )!;
  let afterMergeRunId: string;
  const suggestion = async (number: number) =>
    (await get(`/api/tenants/${owner.tenantId}/pr-suggestions`))
      .json()
      .prSuggestions.find((s: { number: number }) => s.number === number);

  it("after the group's pull request is merged, the next upgrade opens a new one", async () => {
    const remote = fixRemote((await localRepository()).id);
    // The user merges the npm group (#4: cookie and semver); the next scan notices.
    git(localPath, "fetch", "--quiet", remote, "security/fix/npm-dependencies-4");
    git(localPath, "merge", "--quiet", "--no-ff", "-m", "Merge the npm upgrades", "FETCH_HEAD");
    const runId = await scan("acme/payments-api");
    afterMergeRunId = runId;
    let merged: { state: string } | undefined;
    for (let attempt = 0; attempt < 60 && merged?.state !== "merged"; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      merged = await suggestion(4);
    }
    expect(merged).toMatchObject({ state: "merged", merged: true });
    expect(await dependencies(runId, "semver")).toEqual([]);

    // The tenant's next number (the configuration fix above took #6), and a branch of its own.
    const express = await dependencies(runId, "express");
    const response = await post("/api/fixes/dependency", { findingId: express[0]!.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().pr).toEqual({
      number: 7,
      branchName: "security/fix/npm-dependencies-7",
      url: null,
    });
    const [row] = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(and(eq(prSuggestions.tenantId, owner.tenantId), eq(prSuggestions.number, 7)));
    // Only the new upgrade: the merged ones are in the scanned commit it sits on.
    expect(row!.title).toMatch(/^Upgrade express from 4\.17\.1 to 4\.20\.0/);
    expect(row!.fixedFingerprints.sort()).toEqual(express.map((finding) => finding.fingerprint).sort());
    expect(git(remote, "rev-parse", `${row!.branchName}^`)).toBe(git(localPath, "rev-parse", "HEAD"));
    expect(git(remote, "diff", "--name-only", `${row!.branchName}^`, row!.branchName).split("\n")).toEqual([
      "package-lock.json",
      "package.json",
    ]);
    expect(await suggestion(4)).toMatchObject({ state: "merged" });
  });

  it("an upgrade of another ecosystem gets a pull request of its own; the npm one keeps growing", async () => {
    const remote = fixRemote((await localRepository()).id);
    writeFileSync(path.join(localPath, "requirements.txt"), "requests==2.19.1\n");
    git(localPath, "add", "requirements.txt");
    git(localPath, "commit", "--quiet", "-m", "Add the reconciliation script's dependencies");
    const runId = await scan("acme/payments-api");
    const npmHead = git(remote, "rev-parse", "security/fix/npm-dependencies-7");

    const [requests] = await dependencies(runId, "requests");
    expect(requests, "a requests finding").toBeDefined();
    const pip = await post("/api/fixes/finding", { findingId: requests!.id });
    expect(pip.statusCode, pip.body).toBe(201);
    expect(pip.json().pr).toEqual({ number: 8, branchName: "security/fix/pip-dependencies-8", url: null });
    expect(git(remote, "show", "security/fix/pip-dependencies-8:requirements.txt")).toMatch(
      /^requests==2\.32\.2$/m,
    );
    expect(git(remote, "rev-parse", "security/fix/npm-dependencies-7")).toBe(npmHead);
    expect(await suggestion(7)).toMatchObject({ state: "open" });
    const [pipRow] = await ctx.database.db
      .select()
      .from(prSuggestions)
      .where(and(eq(prSuggestions.tenantId, owner.tenantId), eq(prSuggestions.number, 8)));
    expect(pipRow).toMatchObject({ kind: "dependency", fixKey: "dependencies:PyPI" });
    expect(pipRow!.body).toContain("Rampart groups the pip dependency fixes of this repository");

    // An npm upgrade asked from this newer run joins #7, rebuilt on this run's commit.
    const [minimist] = await dependencies(runId, "minimist");
    const npm = await post("/api/fixes/finding", { findingId: minimist!.id });
    expect(npm.statusCode, npm.body).toBe(200);
    expect(npm.json().pr.number).toBe(7);
    const rebuilt = git(remote, "rev-parse", "security/fix/npm-dependencies-7");
    expect(git(remote, "rev-parse", `${rebuilt}^`)).toBe(git(localPath, "rev-parse", "HEAD"));
    const lock = JSON.parse(git(remote, "show", `${rebuilt}:package-lock.json`));
    expect(lock.packages["node_modules/express"].version).toBe("4.20.0");
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");
    // The requirements file is the base commit's, untouched by the npm pull request.
    expect(git(remote, "diff", "--name-only", `${rebuilt}^`, rebuilt)).not.toContain("requirements.txt");
    expect(git(remote, "rev-parse", "security/fix/pip-dependencies-8")).toBe(pipRow!.headCommit);

    // Asked from an older run, the group stays on the newer commit: an upgrade it has is not
    // made again, and one the newer scan no longer reports (semver, merged with #4) is refused.
    const [olderExpress] = await dependencies(afterMergeRunId, "express");
    const older = await post("/api/fixes/finding", { findingId: olderExpress!.id });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().pr.number).toBe(7);
    expect(git(remote, "rev-parse", "security/fix/npm-dependencies-7")).toBe(rebuilt);
    const [oldSemver] = await dependencies(localRunId, "semver");
    const stale = await post("/api/fixes/finding", { findingId: oldSemver!.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatch(
      /built on a newer scan \(commit [0-9a-f]{12}\), which no longer reports this finding/,
    );
    expect(git(remote, "rev-parse", "security/fix/npm-dependencies-7")).toBe(rebuilt);

    // The findings show their group's pull request.
    const listed = (await get(`/api/tenants/${owner.tenantId}/sca`)).json().findings as {
      packageName: string;
      repo: string;
      fixPullRequest: { number: number } | null;
    }[];
    const ours = listed.filter((finding) => finding.repo === "acme/payments-api");
    expect(ours.find((finding) => finding.packageName === "requests")!.fixPullRequest).toMatchObject({
      number: 8,
    });
    expect(ours.find((finding) => finding.packageName === "minimist")!.fixPullRequest).toMatchObject({
      number: 7,
    });
  });
});
