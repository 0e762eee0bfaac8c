// Issue 18, item 4 end to end: a repository of the tenant's GitHub App installation is scanned and
// its settings, read through the installation from the fake GitHub, become findings of the
// `repository` analyzer mapped to change-management and access controls; strong settings give
// passes instead, a refused permission leaves those controls not evaluated, and a failed read is
// the analyzer's failure with its reason while the scan is still recorded.
import { findings, policyRuns } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type FakeApp,
  type FakeGitHub,
  type FakeInstallation,
  startFakeGitHub,
} from "../../test/fake-github.ts";
import { strongSettings } from "../../test/fake-github-settings.ts";
import { connectInstallation, fakeGitHubServices } from "../../test/github-connected.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let github: FakeGitHub;
let fakeApp: FakeApp;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let installation: FakeInstallation;

beforeAll(async () => {
  github = await startFakeGitHub();
  fakeApp = github.createApp();
  github.createRepository("acme/app", { "README.md": "# app\n" });
  installation = github.installApp("acme", ["acme/app"]);
  ctx = await createTestContext({
    services: fakeGitHubServices(github, fakeApp),
  });
  owner = await signUp(ctx.app, { tenantName: "Acme" });
  await connectInstallation(ctx, owner, installation);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

beforeEach(() => {
  github.settings.grantAll();
  github.settings.set("acme/app", strongSettings());
  github.settings.organization("acme", { twoFactorRequired: true });
});

/** A manual scan of the repository's default branch; answers the recorded run's id. */
async function scan(): Promise<string> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    headers: { cookie: owner.cookie },
    payload: { tenantId: owner.tenantId, repo: "acme/app" },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().state).toBe("completed");
  return response.json().runId as string;
}

async function repositoryFindings(runId: string) {
  return ctx.database.db
    .select()
    .from(findings)
    .where(and(eq(findings.runId, runId), eq(findings.analyzer, "repository")));
}

async function repositoryRun(runId: string) {
  const [run] = await ctx.database.db.select().from(policyRuns).where(eq(policyRuns.id, runId));
  const analyzers = run!.analyzers as {
    analyzer: string;
    status: string;
    filesAnalyzed: number;
    skipped: { path: string; reason: string }[];
  }[];
  return analyzers.find((item) => item.analyzer === "repository");
}

/**
 * The status of a SOC 2 requirement as the repository's own controls decide it: the requirement's
 * organizational controls (onboarding, access reviews) need evidence these tests do not give, so
 * the row itself fails whatever the settings; its REPO- controls are what the settings move.
 */
async function soc2(code: string) {
  const response = await ctx.app.inject({
    url: `/api/compliance/soc2?tenantId=${owner.tenantId}`,
    headers: { cookie: owner.cookie },
  });
  expect(response.statusCode).toBe(200);
  type Row = { frameworkControlCode: string; controls: { code: string; status: string }[] };
  const row = (response.json().controls as Row[]).find(
    (candidate) => candidate.frameworkControlCode === code,
  );
  const statuses =
    row?.controls.filter((control) => control.code.startsWith("REPO-")).map((c) => c.status) ?? [];
  expect(statuses.length, `${code} has repository controls`).toBeGreaterThan(0);
  if (statuses.includes("fail")) return "fail";
  return statuses.includes("unknown") ? "unknown" : "pass";
}

describe("repository settings as evidence", () => {
  it("weak settings: findings of the repository analyzer, mapped to change management and access controls", async () => {
    github.settings.set("acme/app", {
      protection: null,
      secretScanning: false,
      pushProtection: false,
      vulnerabilityAlerts: false,
      collaborators: [
        { login: "acme-owner", permission: "admin", outside: false },
        { login: "contractor", permission: "write", outside: true },
      ],
    });
    github.settings.organization("acme", { twoFactorRequired: false });
    const runId = await scan();

    expect(await repositoryRun(runId)).toMatchObject({ status: "succeeded", filesAnalyzed: 1 });
    const failed = (await repositoryFindings(runId)).filter((finding) => finding.status === "fail");
    const byRule = new Map(failed.map((finding) => [finding.ruleId, finding]));
    expect([...byRule.keys()].sort()).toEqual([
      "repository/branch-protection-reviews",
      "repository/force-pushes-allowed",
      "repository/outside-collaborator-write-access",
      "repository/push-protection-disabled",
      "repository/secret-scanning-disabled",
      "repository/stale-reviews-not-dismissed",
      "repository/status-checks-not-required",
      "repository/two-factor-not-required",
      "repository/unprotected-default-branch",
      "repository/vulnerability-alerts-disabled",
    ]);
    expect(byRule.get("repository/unprotected-default-branch")).toMatchObject({
      controlCode: "REPO-CHG-01",
      severity: "high",
      filePath: "(repository settings)",
      message: "The default branch main of acme/app has no branch protection and no ruleset",
      metadata: expect.objectContaining({ controls: ["REPO-CHG-01", "REPO-CHG-02"] }),
    });
    expect(byRule.get("repository/outside-collaborator-write-access")?.message).toBe(
      "Outside collaborator contractor has write permission on acme/app",
    );
    expect(byRule.get("repository/two-factor-not-required")?.controlCode).toBe("REPO-AUTH-01");

    // The compliance views: change management and access requirements fail on these findings.
    expect(await soc2("CC8.1")).toBe("fail");
    expect(await soc2("CC6.1")).toBe("fail");
    expect(await soc2("CC6.2")).toBe("fail");
    const control = await ctx.app.inject({
      url: `/api/controls/REPO-CHG-01/findings?tenantId=${owner.tenantId}`,
      headers: { cookie: owner.cookie },
    });
    expect(control.statusCode).toBe(200);
    expect(JSON.stringify(control.json())).toContain("repository/branch-protection-reviews");
  }, 120_000);

  it("strong settings: no repository finding fails, every rule is a passed check", async () => {
    const runId = await scan();
    expect(await repositoryRun(runId)).toMatchObject({ status: "succeeded", filesAnalyzed: 1 });
    const rows = await repositoryFindings(runId);
    expect(rows.filter((finding) => finding.status === "fail")).toEqual([]);
    expect(rows.filter((finding) => finding.status === "pass")).toHaveLength(11);
    expect(await soc2("CC6.2")).toBe("pass");
  }, 120_000);

  it("a permission the installation lacks: the run is partial with the reason, and those rules do not pass", async () => {
    github.settings.withhold("administration");
    const runId = await scan();
    const run = await repositoryRun(runId);
    expect(run?.status).toBe("partial");
    expect(run?.skipped.map((item) => item.reason).join("\n")).toContain("Administration (read)");
    const passed = (await repositoryFindings(runId))
      .filter((finding) => finding.status === "pass")
      .map((finding) => finding.ruleId);
    expect(passed).not.toContain("repository/branch-protection-reviews");
    expect(passed).not.toContain("repository/secret-scanning-disabled");
    expect(passed).not.toContain("repository/vulnerability-alerts-disabled");
    // Evidence from a partial run does not let the controls pass.
    expect(await soc2("CC6.2")).toBe("unknown");
  }, 120_000);

  it("a read that fails: the analyzer failed with its reason, the rest of the scan is recorded", async () => {
    github.settings.fail("acme/app");
    const runId = await scan();
    expect(await repositoryRun(runId)).toMatchObject({
      status: "failed",
      filesAnalyzed: 0,
      skipped: [
        {
          path: "(repository settings)",
          reason:
            "The repository's settings could not be read: GitHub answered 502 when asked for the repository",
        },
      ],
    });
    expect(await repositoryFindings(runId)).toEqual([]);
    expect(await soc2("CC6.2")).toBe("unknown");
  }, 120_000);

  it("another tenant sees none of it", async () => {
    const stranger = await signUp(ctx.app, { tenantName: "Other" });
    const response = await ctx.app.inject({
      url: `/api/controls/REPO-CHG-01/findings?tenantId=${owner.tenantId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(response.statusCode).toBe(404);
  });
});
