// Issue 18, item 3 against a fake GitHub and real git over HTTP (git http-backend, pushes with
// the installation's token): 'Create Fix PR' on a GitHub repository pushes a security/fix branch
// with one commit and opens a pull request whose body says the finding, the control, the change
// and the re-scan; a second fix of the same package upgrade (from a newer run) updates that pull
// request, and so does an upgrade of another npm package (one pull request per repository and
// ecosystem, rebuilt with both); merged (squash), closed and reopened come from pull_request
// webhooks; after the merge the next npm upgrade opens a new pull request, and a pip upgrade gets
// one of its own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { evidenceArtifacts, findings, prSuggestions } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliver,
  type FakeApp,
  type FakeGitHub,
  type FakeInstallation,
  type FakeRepository,
  startFakeGitHub,
} from "../../test/fake-github.ts";
import { git } from "../../test/git-repo.ts";
import { connectInstallation, fakeGitHubServices } from "../../test/github-connected.ts";
import { createTestContext, SAMPLES_DIR, signUp, type TestContext } from "../../test/harness.ts";

const SNAPSHOT = path.join(SAMPLES_DIR, "payments-api", "03-webhooks");
const FILES = {
  "package.json": readFileSync(path.join(SNAPSHOT, "package.json"), "utf8"),
  "package-lock.json": readFileSync(path.join(SNAPSHOT, "package-lock.json"), "utf8"),
  Dockerfile: 'FROM node:20\nWORKDIR /app\nADD server.js /app/\nCMD ["node", "server.js"]\n',
  "requirements.txt": "requests==2.19.1\n",
};

let github: FakeGitHub;
let fakeApp: FakeApp;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let installation: FakeInstallation;
let repository: FakeRepository;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, payload: object, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });
const send = (event: string, payload: unknown) =>
  deliver(ctx.app, { event, payload, secret: fakeApp.webhookSecret });

beforeAll(async () => {
  github = await startFakeGitHub();
  fakeApp = github.createApp();
  repository = github.createRepository("acme/payments", FILES);
  installation = github.installApp("acme", ["acme/payments"]);
  ctx = await createTestContext({
    services: fakeGitHubServices(github, fakeApp),
  });
  owner = await signUp(ctx.app, { tenantName: "Acme" });
  stranger = await signUp(ctx.app, { tenantName: "Other" });
  await connectInstallation(ctx, owner, installation);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

/** Scans the repository's default branch and waits for the run. */
async function scan(): Promise<string> {
  const response = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments" });
  expect([200, 202], response.body).toContain(response.statusCode);
  let summary = response.json();
  for (let attempt = 0; summary.state !== "completed" && attempt < 480; attempt++) {
    expect(summary.state).not.toBe("failed");
    await new Promise((resolve) => setTimeout(resolve, 500));
    summary = (await get(`/api/scans/${summary.scanId}`)).json();
  }
  expect(summary.state).toBe("completed");
  return summary.runId;
}

async function findingsOf(runId: string, ruleId: string) {
  return ctx.database.db
    .select()
    .from(findings)
    .where(and(eq(findings.runId, runId), eq(findings.ruleId, ruleId), eq(findings.status, "fail")));
}

const packageOf = (row: { metadata: unknown }) =>
  (row.metadata as { properties?: { packageName?: string } }).properties?.packageName;

async function dependencyFinding(runId: string, name: string) {
  const found = (await findingsOf(runId, "sca/vulnerable-dependency")).find((row) => packageOf(row) === name);
  if (!found) throw new Error(`no ${name} finding`);
  return found;
}
const minimistFinding = (runId: string) => dependencyFinding(runId, "minimist");

const rowOf = async (branchName: string) =>
  (await ctx.database.db.select().from(prSuggestions).where(eq(prSuggestions.branchName, branchName)))[0]!;

describe("a fix pull request on GitHub", () => {
  let firstRun: string;
  let branchName: string;
  let firstHead: string;

  it("pushes a security/fix branch with one commit and opens a pull request that explains it", async () => {
    firstRun = await scan();
    const finding = await minimistFinding(firstRun);
    const base = git(repository.bare, "rev-parse", "refs/heads/main");

    const response = await post("/api/fixes/finding", { findingId: finding.id });
    expect(response.statusCode, response.body).toBe(201);
    const { pr } = response.json();
    expect(pr).toEqual({
      number: 1,
      branchName: "security/fix/npm-dependencies-1",
      url: `${github.url}/acme/payments/pull/1`,
    });
    branchName = pr.branchName;

    // The branch exists on GitHub: one commit on the scanned commit, upgrading the package.
    firstHead = git(repository.bare, "rev-parse", `refs/heads/${branchName}`);
    expect(git(repository.bare, "rev-parse", `${firstHead}^`)).toBe(base);
    expect(git(repository.bare, "diff", "--name-only", base, firstHead).split("\n")).toEqual([
      "package-lock.json",
      "package.json",
    ]);
    const lock = JSON.parse(git(repository.bare, "show", `${firstHead}:package-lock.json`));
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");

    // One pull request, from that branch into the default branch, its body in four parts.
    const pulls = github.pullRequestsOf("acme/payments", branchName);
    expect(pulls).toHaveLength(1);
    expect(pulls[0]).toMatchObject({ number: 1, baseRef: "main", state: "open" });
    expect(pulls[0]!.title).toMatch(/^Upgrade minimist from 1\.2\.5 to 1\.2\.6/);
    const body = pulls[0]!.body!;
    expect(body).toContain("### Upgrades");
    expect(body).toMatch(/\| minimist \(`package-lock.json`\) \| 1\.2\.5 → 1\.2\.6 \| \S+/);
    expect(body).toContain("### Finding");
    expect(body).toContain("Rampart found minimist 1.2.5 in `package-lock.json`");
    expect(body).toMatch(/### Control\n\n- \*\*[A-Z0-9.-]+\*\* \S/);
    expect(body).toContain(`One commit on top of \`${base.slice(0, 12)}\``);
    expect(body).toContain("- `package.json`\n- `package-lock.json`");
    expect(body).toContain("### How it was checked");
    expect(body).toMatch(/✅ (the finding this change fixes is no longer reported|none of the \d+ findings)/);

    // Recorded with GitHub's number and link; the installation's tokens were minted, not kept.
    const row = await rowOf(branchName);
    expect(row).toMatchObject({ state: "open", hostNumber: 1, headCommit: firstHead, baseCommit: base });
    expect(row.url).toBe(`${github.url}/acme/payments/pull/1`);
  }, 600_000);

  it("is shown on the finding, and another tenant's user cannot open a fix from it", async () => {
    const finding = await minimistFinding(firstRun);
    const listed = (await get(`/api/tenants/${owner.tenantId}/pr-suggestions`)).json().prSuggestions;
    expect(listed[0]).toMatchObject({ number: 1, url: `${github.url}/acme/payments/pull/1`, state: "open" });
    const theirs = await post("/api/fixes/finding", { findingId: finding.id }, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect((await get(`/api/tenants/${owner.tenantId}/pr-suggestions`, stranger.cookie)).statusCode).toBe(
      404,
    );
  });

  it("asked again for the same commit: the same pull request, nothing pushed", async () => {
    const finding = await minimistFinding(firstRun);
    const again = await post("/api/fixes/dependency", { findingId: finding.id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().pr.number).toBe(1);
    expect(git(repository.bare, "rev-parse", `refs/heads/${branchName}`)).toBe(firstHead);
  });

  let secondRun: string;
  let newBase: string;

  it("a second fix of the same package upgrade, from a newer run, updates the open pull request", async () => {
    newBase = github.commit("acme/payments", "main", { "README.md": "# payments\n" });
    secondRun = await scan();
    const finding = await minimistFinding(secondRun);

    const response = await post("/api/fixes/finding", { findingId: finding.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().pr).toMatchObject({ number: 1, branchName });

    // Still one pull request; its branch now holds one commit on the new commit.
    expect(github.pullRequestsOf("acme/payments")).toHaveLength(1);
    const head = git(repository.bare, "rev-parse", `refs/heads/${branchName}`);
    expect(head).not.toBe(firstHead);
    expect(git(repository.bare, "rev-parse", `${head}^`)).toBe(newBase);
    expect(github.pullRequestsOf("acme/payments")[0]!.body).toContain(
      `One commit on top of \`${newBase.slice(0, 12)}\``,
    );
    const row = await rowOf(branchName);
    expect(row).toMatchObject({ runId: secondRun, baseCommit: newBase, headCommit: head, number: 1 });
    const updated = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, owner.tenantId));
    expect(updated.map((artifact) => (artifact.content as { kind?: string }).kind)).toContain(
      "fix-pull-request-updated",
    );
  }, 600_000);

  it("an upgrade of another npm package joins the open pull request: one pull request with both", async () => {
    const before = git(repository.bare, "rev-parse", `refs/heads/${branchName}`);
    const express = await dependencyFinding(secondRun, "express");
    const response = await post("/api/fixes/finding", { findingId: express.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().pr).toEqual({
      number: 1,
      branchName,
      url: `${github.url}/acme/payments/pull/1`,
    });

    // Still one pull request on GitHub; its branch rebuilt as one commit with both upgrades.
    expect(github.pullRequestsOf("acme/payments")).toHaveLength(1);
    const head = git(repository.bare, "rev-parse", `refs/heads/${branchName}`);
    expect(head).not.toBe(before);
    expect(git(repository.bare, "rev-parse", `${head}^`)).toBe(newBase);
    const lock = JSON.parse(git(repository.bare, "show", `${head}:package-lock.json`));
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");
    expect(lock.packages["node_modules/express"].version).toBe("4.20.0");
    const pull = github.pullRequestsOf("acme/payments")[0]!;
    expect(pull.title).toBe("Upgrade 2 npm dependencies: express and minimist");
    expect(pull.body).toContain(
      "| express (`package-lock.json`) | 4.17.1 → 4.20.0 | CVE-2024-29041, CVE-2024-43796 |",
    );
    expect(pull.body).toMatch(/\| minimist \(`package-lock.json`\) \| 1\.2\.5 → 1\.2\.6 \|/);

    // Every finding it fixes is on the row, and the findings show the pull request.
    const row = await rowOf(branchName);
    const minimist = await minimistFinding(secondRun);
    expect(row.fixedFingerprints).toEqual(
      expect.arrayContaining([express.fingerprint, minimist.fingerprint]),
    );
    const listed = (await get(`/api/tenants/${owner.tenantId}/sca`)).json().findings as {
      packageName: string;
      fixPullRequest: { number: number; url: string | null } | null;
    }[];
    for (const name of ["express", "minimist"])
      expect(listed.find((finding) => finding.packageName === name)!.fixPullRequest).toMatchObject({
        number: 1,
        url: `${github.url}/acme/payments/pull/1`,
      });
  }, 600_000);

  it("merged with a squash (a head that is not in the history): shown merged from the webhook", async () => {
    const pull = github.pullRequestsOf("acme/payments", branchName)[0]!;
    const head = git(repository.bare, "rev-parse", `refs/heads/${branchName}`);
    const mergeCommit = github.mergePullRequest(pull, "squash");
    expect(() => git(repository.bare, "merge-base", "--is-ancestor", head, mergeCommit)).toThrow();

    const delivered = await send("pull_request", github.pullRequestEvent("closed", pull, installation.id));
    expect(delivered.statusCode).toBe(202);
    expect(await rowOf(branchName)).toMatchObject({ state: "merged", merged: true });
    const listed = (await get(`/api/tenants/${owner.tenantId}/pr-suggestions`)).json().prSuggestions;
    expect(listed[0]).toMatchObject({ number: 1, state: "merged", merged: true });
    const [artifact] = (
      await ctx.database.db
        .select()
        .from(evidenceArtifacts)
        .where(eq(evidenceArtifacts.tenantId, owner.tenantId))
    ).filter((candidate) => (candidate.content as { kind?: string }).kind === "fix-pull-request-merged");
    expect(artifact!.content).toMatchObject({ hostNumber: 1, mergedInto: mergeCommit, status: "merged" });

    // A redelivery (another id) of the same news changes nothing more.
    await send("pull_request", github.pullRequestEvent("closed", pull, installation.id));
    const merged = (
      await ctx.database.db
        .select()
        .from(evidenceArtifacts)
        .where(eq(evidenceArtifacts.tenantId, owner.tenantId))
    ).filter((candidate) => (candidate.content as { kind?: string }).kind === "fix-pull-request-merged");
    expect(merged).toHaveLength(1);
  }, 120_000);

  it("after the merge, the next npm upgrade opens a new pull request; a pip upgrade one of its own", async () => {
    const run = await scan();
    expect(
      (await findingsOf(run, "sca/vulnerable-dependency")).filter((row) =>
        ["minimist", "express"].includes(packageOf(row) ?? ""),
      ),
    ).toEqual([]);
    const semver = await dependencyFinding(run, "semver");
    const npm = await post("/api/fixes/finding", { findingId: semver.id });
    expect(npm.statusCode, npm.body).toBe(201);
    expect(npm.json().pr).toEqual({
      number: 2,
      branchName: "security/fix/npm-dependencies-2",
      url: `${github.url}/acme/payments/pull/2`,
    });
    const npmPull = github.pullRequestsOf("acme/payments", "security/fix/npm-dependencies-2")[0]!;
    expect(npmPull.title).toMatch(/^Upgrade semver from /);
    expect(npmPull.body).not.toContain("minimist");

    const requests = await dependencyFinding(run, "requests");
    const pip = await post("/api/fixes/finding", { findingId: requests.id });
    expect(pip.statusCode, pip.body).toBe(201);
    expect(pip.json().pr).toMatchObject({ number: 3, branchName: "security/fix/pip-dependencies-3" });
    const head = git(repository.bare, "rev-parse", "refs/heads/security/fix/pip-dependencies-3");
    expect(git(repository.bare, "diff", "--name-only", `${head}^`, head)).toBe("requirements.txt");
    expect(git(repository.bare, "show", `${head}:requirements.txt`)).toMatch(/^requests==2\.32\.2$/m);
    expect(github.pullRequestsOf("acme/payments").map((pull) => [pull.number, pull.state])).toEqual([
      [1, "closed"],
      [2, "open"],
      [3, "open"],
    ]);
  }, 600_000);

  it("closed without merging, then reopened: the state follows the webhooks", async () => {
    const run = await scan();
    const [add] = await findingsOf(run, "dockerfile/add-instead-of-copy");
    expect(add, "an ADD finding with a mechanical fix").toBeDefined();
    const response = await post("/api/fixes/finding", { findingId: add!.id });
    expect(response.statusCode, response.body).toBe(201);
    const { pr } = response.json();
    expect(pr.number).toBe(4);
    const pull = github.pullRequestsOf("acme/payments", pr.branchName)[0]!;
    expect(git(repository.bare, "show", `refs/heads/${pr.branchName}:Dockerfile`)).toContain(
      "COPY server.js /app/",
    );

    github.closePullRequest(pull);
    await send("pull_request", github.pullRequestEvent("closed", pull, installation.id));
    expect(await rowOf(pr.branchName)).toMatchObject({ state: "closed", merged: false });

    github.reopenPullRequest(pull);
    await send("pull_request", github.pullRequestEvent("reopened", pull, installation.id));
    expect(await rowOf(pr.branchName)).toMatchObject({ state: "open", merged: false });
  }, 600_000);
});
