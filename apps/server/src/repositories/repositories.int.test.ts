// Removing a repository archives it: it leaves the list, the scans and the current posture, while
// its runs and findings stay as evidence; registering the same name again brings it back. Naming:
// a local repository is named after its folder (or its remote), and any repository can be renamed.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repoPath: string;
let repositoryId: string;
let runId: string;

const get = (url: string) => ctx.app.inject({ url, headers: { cookie: owner.cookie } });
const post = (url: string, payload: object) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie: owner.cookie } });
const remove = (id: string) =>
  ctx.app.inject({
    method: "DELETE",
    url: `/api/tenants/${owner.tenantId}/repositories/${id}`,
    headers: { cookie: owner.cookie },
  });
const register = () =>
  post(`/api/tenants/${owner.tenantId}/repositories`, { location: repoPath, name: "acme/payments-api" });

beforeAll(async () => {
  ({ root, path: repoPath } = sampleRepository("payments-api", "01-initial"));
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app);
  const registered = await register();
  expect(registered.statusCode, registered.body).toBe(201);
  repositoryId = registered.json().id;
  const scanned = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
  expect(scanned.statusCode, scanned.body).toBe(200);
  runId = scanned.json().runId;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

const summary = async () => (await get(`/api/tenants/${owner.tenantId}/summary?days=7`)).json();

describe("removing a repository", () => {
  it("takes it out of the list, the scans and the current posture", async () => {
    const before = await summary();
    expect(before.hasData).toBe(true);
    expect(before.metrics.criticalFindings).toBeGreaterThan(0);
    expect((await get(`/api/tenants/${owner.tenantId}/sast`)).json().findings.length).toBeGreaterThan(0);

    const removed = await remove(repositoryId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ deleted: true });

    expect((await get(`/api/tenants/${owner.tenantId}/repositories`)).json()).toEqual([]);
    const after = await summary();
    expect(after.metrics.criticalFindings).toBe(0);
    // The posture chart counted it up to today and drops it from the day it was removed.
    const today = new Date().toISOString().slice(0, 10);
    expect(before.metrics.postureHistory.at(-1).date).toBe(today);
    expect(after.metrics.postureHistory.map((point: { date: string }) => point.date)).not.toContain(today);
    expect(after.generatedAt).not.toBe(before.generatedAt); // not served from the summary cache
    expect((await get(`/api/tenants/${owner.tenantId}/sast`)).json().findings).toEqual([]);
    const scan = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
    expect(scan.statusCode).toBe(400);
    expect(scan.json().error).toBe("No repository named acme/payments-api in this organization");
    expect((await remove(repositoryId)).statusCode).toBe(404);
  });

  it("keeps its runs and findings as evidence", async () => {
    const run = await get(`/api/runs/${runId}`);
    expect(run.statusCode).toBe(200);
    expect(run.json().findings.length).toBeGreaterThan(0);
    const runs = (await get(`/api/tenants/${owner.tenantId}/runs`)).json().runs;
    expect(runs.map((item: { id: string }) => item.id)).toEqual([runId]);
    const verified = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/evidence/verify`,
      headers: { cookie: owner.cookie },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().chain.isValid).toBe(true);
  });

  it("is undone by registering the same name again, with its history", async () => {
    const again = await register();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      id: repositoryId,
      name: "acme/payments-api",
      scanSchedule: "0 4 * * *",
    });
    expect((await get(`/api/tenants/${owner.tenantId}/repositories`)).json()).toHaveLength(1);
    expect((await summary()).metrics.criticalFindings).toBeGreaterThan(0);
    const scan = await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/payments-api" });
    expect(scan.statusCode, scan.body).toBe(200);
    expect((await get(`/api/tenants/${owner.tenantId}/runs`)).json().runs).toHaveLength(2);
    expect((await register()).statusCode).toBe(409); // registered now: a duplicate again
  });

  it("refuses a scan schedule the job queue cannot run, and saves nothing", async () => {
    for (const scanSchedule of ["hello", "61 * * * *"]) {
      const response = await post(`/api/tenants/${owner.tenantId}/repositories`, {
        location: "https://git.example.test/acme/web.git",
        scanSchedule,
      });
      expect(response.statusCode, scanSchedule).toBe(400);
      expect(response.json().error).toMatch(/^scanSchedule: /);
    }
    const names = (await get(`/api/tenants/${owner.tenantId}/repositories`))
      .json()
      .map((r: { name: string }) => r.name);
    expect(names).toEqual(["acme/payments-api"]);
    const hourly = await post(`/api/tenants/${owner.tenantId}/repositories`, {
      location: "https://git.example.test/acme/web.git",
      scanSchedule: "15 * * * *",
    });
    expect(hourly.statusCode, hourly.body).toBe(201);
  });
});

describe("naming a repository", () => {
  const repositories = `/api/tenants/${"TENANT"}/repositories`;
  const url = () => repositories.replace("TENANT", owner.tenantId);
  const patch = (id: string, payload: object, cookie = owner.cookie) =>
    ctx.app.inject({ method: "PATCH", url: `${url()}/${id}`, payload, headers: { cookie } });
  const folder = (name: string, remote?: string) => {
    const location = path.join(root, name);
    mkdirSync(location);
    writeFileSync(path.join(location, "main.tf"), 'resource "aws_s3_bucket" "b" {}\n');
    if (remote !== undefined) {
      git(location, "init", "--quiet");
      if (remote) git(location, "remote", "add", "origin", remote);
    }
    return location;
  };

  it("names a local repository after its folder, or after its remote's repository", async () => {
    const plain = await post(url(), { location: folder("billing-service") });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ name: "billing-service", source: "local" });

    const cloned = await post(url(), {
      location: folder("checkout-clone", "git@github.com:acme/checkout.git"),
    });
    expect(cloned.json()).toMatchObject({ name: "acme/checkout", source: "local" });

    const fileUrl = await post(url(), { location: `file://${folder("ledger-api", "")}` });
    expect(fileUrl.json()).toMatchObject({ name: "ledger-api", source: "git" });
  });

  it("renames a repository, and its runs with it", async () => {
    const renamed = await patch(repositoryId, { name: "  payments-api " });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: repositoryId, name: "payments-api", location: repoPath });
    const runs = (await get(`/api/tenants/${owner.tenantId}/runs`)).json().runs;
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.map((run: { repo: string }) => run.repo)).toEqual(runs.map(() => "payments-api"));
    expect((await get(`/api/runs/${runId}`)).json().findings[0].run.repo).toBe("payments-api");
    // The ledger keeps the name each run was recorded under, and stays whole.
    const verified = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/evidence/verify`,
      headers: { cookie: owner.cookie },
    });
    expect(verified.json().chain.isValid).toBe(true);
  });

  it("refuses a name that is taken or empty, and answers 404 to another tenant", async () => {
    const billing = (await get(url())).json().find((r: { name: string }) => r.name === "billing-service");
    const taken = await patch(billing.id, { name: "payments-api" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatch(/already exists/);
    const empty = await patch(billing.id, { name: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Name is required");
    const stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
    expect((await patch(billing.id, { name: "mine" }, stranger.cookie)).statusCode).toBe(404);
    expect((await get(url())).json().map((r: { name: string }) => r.name)).toContain("billing-service");
  });
});
