// Issue 18, item 1's webhooks against a fake GitHub, with the App configured through GITHUB_APP_ID
// and its companions: a forged signature, an oversized body, a replayed delivery and a delivery for
// an installation no organization has each get their status and change nothing; installation and
// repository events add, archive and unlink; a push to the default branch queues a scan.
import { githubWebhookDeliveries, pullRequestScans, scans, tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliver,
  type FakeApp,
  type FakeGitHub,
  type FakeInstallation,
  startFakeGitHub,
} from "../../test/fake-github.ts";
import { connectInstallation, fakeGitHubServices } from "../../test/github-connected.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { purgeDeliveriesJob } from "./webhook-deliveries.ts";
import { WEBHOOK_MAX_BYTES } from "./webhooks.routes.ts";

let github: FakeGitHub;
let fakeApp: FakeApp;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let installation: FakeInstallation;

beforeAll(async () => {
  github = await startFakeGitHub();
  fakeApp = github.createApp();
  github.createRepository("acme/api", { "main.tf": 'resource "aws_s3_bucket" "b" {}\n' });
  github.createRepository("acme/web", { Dockerfile: "FROM node:20\n" });
  installation = github.installApp("acme", ["acme/api"]);
  ctx = await createTestContext({
    services: fakeGitHubServices(github, fakeApp),
    // Deliveries are checked as they are taken in; queued scans need not run here.
    runWorkers: false,
  });
  owner = await signUp(ctx.app, { tenantName: "Acme" });
  await connectInstallation(ctx, owner, installation);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

const send = (
  event: string,
  payload: unknown,
  options: { deliveryId?: string; signature?: string; body?: string } = {},
) => deliver(ctx.app, { event, payload, secret: fakeApp.webhookSecret, ...options });

const repositoryNames = async () =>
  (
    await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
    })
  )
    .json()
    .map((repository: { name: string }) => repository.name);

/** Everything a delivery could change, to compare before and after one that must change nothing. */
async function snapshot() {
  const db = ctx.database.db;
  return JSON.stringify([
    await db.select().from(githubWebhookDeliveries),
    await db.select().from(scans),
    await db.select().from(pullRequestScans),
    await repositoryNames(),
    (await db.select().from(tenants).where(eq(tenants.id, owner.tenantId)))[0],
  ]);
}

describe("deliveries that must change nothing", () => {
  it("refuses a forged or missing signature with 401", async () => {
    const before = await snapshot();
    const payload = github.installationRepositoriesEvent("added", installation, ["acme/web"]);
    const forged = await send("installation_repositories", payload, {
      signature: `sha256=${"0".repeat(64)}`,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error).toMatch(/signature/);
    // Signed by someone who knows another secret.
    const other = await deliver(ctx.app, {
      event: "installation_repositories",
      payload,
      secret: "x".repeat(40),
    });
    expect(other.statusCode).toBe(401);
    // The right signature over other bytes than those sent.
    const body = JSON.stringify(payload);
    const tampered = await send("installation_repositories", payload, {
      body: body.replace("acme/web", "acme/api"),
      signature: (await import("./webhook-signature.ts")).signatureOf(fakeApp.webhookSecret, body),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await snapshot()).toBe(before);
  });

  it("refuses an oversized body with 413 before reading it as JSON", async () => {
    const before = await snapshot();
    const body = JSON.stringify({ padding: "x".repeat(WEBHOOK_MAX_BYTES) });
    const response = await send("push", undefined, { body });
    expect(response.statusCode).toBe(413);
    expect(typeof response.json().error).toBe("string");
    expect(await snapshot()).toBe(before);
  });

  it("answers 404 for an installation no organization has, and keeps no delivery", async () => {
    const before = await snapshot();
    const stranger = github.installApp("someone-else", ["acme/web"]);
    const payload = github.pushEvent("acme/web", "main", stranger.id);
    const response = await send("push", payload);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(`No organization is connected to installation ${stranger.id}`);
    // Created is expected before the setup callback links it: acknowledged, nothing done.
    const created = await send("installation", github.installationEvent("created", stranger));
    expect(created.statusCode).toBe(200);
    expect(created.json().outcome).toBe("ignored");
    expect(await snapshot()).toBe(before);
  });

  it("acknowledges events and actions it does not use, and refuses a malformed delivery", async () => {
    const before = await snapshot();
    expect((await send("ping", { zen: "Keep it logically awesome.", hook_id: 1 })).statusCode).toBe(200);
    const labeled = { action: "labeled", installation: { id: installation.id } };
    expect((await send("pull_request", labeled)).json()).toMatchObject({ outcome: "ignored" });
    expect((await send("push", undefined, { body: "{not json" })).statusCode).toBe(400);
    const wrongShape = await send("push", { ref: 7, installation: { id: installation.id } });
    expect(wrongShape.statusCode).toBe(400);
    expect(await snapshot()).toBe(before);
  });
});

describe("delivery ids", () => {
  it("are forgotten once GitHub can no longer redeliver them", async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    await ctx.database.db.insert(githubWebhookDeliveries).values([
      { id: "old-delivery", event: "push", receivedAt: old },
      { id: "recent-delivery", event: "push" },
    ]);
    await purgeDeliveriesJob(ctx.database.db).handle({}, { jobId: "j", retryCount: 0, isLastAttempt: true });
    const left = (await ctx.database.db.select().from(githubWebhookDeliveries)).map((row) => row.id);
    expect(left).toContain("recent-delivery");
    expect(left).not.toContain("old-delivery");
    await ctx.database.db
      .delete(githubWebhookDeliveries)
      .where(eq(githubWebhookDeliveries.id, "recent-delivery"));
  });
});

describe("installation and repository events", () => {
  it("registers repositories added to the installation and archives removed ones", async () => {
    expect(await repositoryNames()).toEqual(["acme/api"]);
    installation.repositories.push("acme/web");
    const added = await send(
      "installation_repositories",
      github.installationRepositoriesEvent("added", installation, ["acme/web"]),
    );
    expect(added.statusCode).toBe(202);
    expect(await repositoryNames()).toEqual(["acme/api", "acme/web"]);

    const removedId = crypto.randomUUID();
    const removed = await send(
      "installation_repositories",
      github.installationRepositoriesEvent("removed", installation, ["acme/web"]),
      { deliveryId: removedId },
    );
    expect(removed.statusCode).toBe(202);
    expect(await repositoryNames()).toEqual(["acme/api"]);

    // Adding it again restores it; replaying the removal then changes nothing.
    await send(
      "installation_repositories",
      github.installationRepositoriesEvent("added", installation, ["acme/web"]),
    );
    expect(await repositoryNames()).toEqual(["acme/api", "acme/web"]);
    const before = await snapshot();
    const replayed = await send(
      "installation_repositories",
      github.installationRepositoriesEvent("removed", installation, ["acme/web"]),
      { deliveryId: removedId },
    );
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toEqual({ outcome: "duplicate", reason: "processed already" });
    expect(await snapshot()).toBe(before);
  });

  it("queues a scan of a push to the default branch only", async () => {
    const sha = github.commit("acme/api", "main", { "variables.tf": 'variable "x" {}\n' });
    const pushed = await send("push", github.pushEvent("acme/api", "main", installation.id));
    expect(pushed.statusCode).toBe(202);
    const queued = await ctx.database.db.select().from(scans).where(eq(scans.ref, sha));
    expect(queued).toMatchObject([{ triggeredBy: "push", state: "queued" }]);

    github.commit("acme/api", "feature", { "x.tf": "\n" });
    const other = await send("push", github.pushEvent("acme/api", "feature", installation.id));
    expect(other.json()).toEqual({ outcome: "ignored", reason: "not the default branch" });
  });

  it("follows suspension, and unlinks the organization when the App is uninstalled", async () => {
    await send("installation", github.installationEvent("suspend", installation));
    const tenant = async () =>
      (await ctx.database.db.select().from(tenants).where(eq(tenants.id, owner.tenantId)))[0]!;
    expect((await tenant()).githubInstallationSuspendedAt).not.toBeNull();
    await send("installation", github.installationEvent("unsuspend", installation));
    expect((await tenant()).githubInstallationSuspendedAt).toBeNull();

    const deleted = await send("installation", github.installationEvent("deleted", installation));
    expect(deleted.statusCode).toBe(202);
    expect((await tenant()).githubInstallationId).toBeNull();
    expect(await repositoryNames()).toEqual([]);
    // Its deliveries now belong to no organization.
    const late = await send("push", github.pushEvent("acme/api", "main", installation.id));
    expect(late.statusCode).toBe(404);
  });
});
