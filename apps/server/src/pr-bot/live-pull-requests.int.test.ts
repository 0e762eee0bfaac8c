// The PR Bot page's live PR status against a fake GitHub: a connected tenant's count is the open
// pull requests of its repositories on GitHub, read once for every user polling within the
// cache's age and read again after it; GitHub failing is a 503 with a readable reason (and is not
// asked again at once); a tenant without GitHub gets its local fix pull requests, labelled local;
// another tenant's user gets 404.
import { tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitHub, type FakeInstallation, startFakeGitHub } from "../../test/fake-github.ts";
import { connectInstallation, fakeGitHubServices } from "../../test/github-connected.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { createLivePullRequests, FAILURE_BACKOFF_MS, LIVE_COUNT_MAX_AGE_MS } from "./live-pull-requests.ts";

let github: FakeGitHub;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let installation: FakeInstallation;

const pullListings = () => github.requests.filter((line) => /^GET \/repos\/[^/]+\/[^/]+\/pulls$/.test(line));

beforeAll(async () => {
  github = await startFakeGitHub();
  const fakeApp = github.createApp();
  github.createRepository("acme/app", { "README.md": "app\n" });
  github.createRepository("acme/api", { "README.md": "api\n" });
  github.createRepository("other/elsewhere", { "README.md": "not the tenant's\n" });
  installation = github.installApp("acme", ["acme/api", "acme/app"]);
  github.installApp("other", ["other/elsewhere"]);
  for (const number of [1, 2, 3, 4]) github.openPullRequest("acme/app", number, "main");
  github.closePullRequest(github.openPullRequest("acme/app", 5, "main"));
  github.openPullRequest("acme/api", 7, "main");
  github.openPullRequest("other/elsewhere", 1, "main");
  ctx = await createTestContext({
    runWorkers: false,
    services: fakeGitHubServices(github, fakeApp),
  });
  owner = await signUp(ctx.app, { tenantName: "Acme" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger" });
  await connectInstallation(ctx, owner, installation);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

const active = (tenantId: string, cookie: string) =>
  ctx.app.inject({ url: `/api/prs/active?tenantId=${tenantId}`, headers: { cookie } });

describe("GET /api/prs/active", () => {
  it("counts the open pull requests of the tenant's repositories on GitHub, shared between polls", async () => {
    const before = pullListings().length;
    const first = await active(owner.tenantId, owner.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      source: "host",
      host: "GitHub",
      count: 5,
      repositories: 2,
      partial: false,
    });
    expect(Date.parse(first.json().checkedAt)).toBeLessThanOrEqual(Date.now());
    // One request per repository, whatever the number of open pull requests.
    expect(pullListings().length - before).toBe(2);

    // Another poll within the cache's age (another user, the same tenant) does not ask GitHub.
    github.openPullRequest("acme/api", 8, "main");
    const second = await active(owner.tenantId, owner.cookie);
    expect(second.json()).toEqual(first.json());
    expect(pullListings().length - before).toBe(2);
  });

  it("reads GitHub again once the shared answer is too old, and backs off after a failure", async () => {
    let clock = Date.parse("2026-11-20T10:00:00.000Z");
    const live = createLivePullRequests({
      db: ctx.database.db,
      host: ctx.services.github,
      localOpenCount: async () => 0,
      now: () => clock,
    });
    const count = () => live.activeCount(owner.tenantId);
    github.openPullRequest("acme/app", 9, "main");
    expect(await count()).toMatchObject({ count: 7, checkedAt: "2026-11-20T10:00:00.000Z" });

    github.closePullRequest(github.openPullRequest("acme/app", 10, "main"));
    github.closePullRequest(github.openPullRequest("acme/app", 11, "main"));
    github.openPullRequest("acme/app", 12, "main");
    clock += LIVE_COUNT_MAX_AGE_MS - 1;
    expect((await count()).count).toBe(7);
    clock += 1;
    expect(await count()).toMatchObject({ count: 8, checkedAt: new Date(clock).toISOString() });

    github.setOutage(/\/pulls$/);
    try {
      clock += LIVE_COUNT_MAX_AGE_MS;
      await expect(count()).rejects.toMatchObject({ status: 503 });
      const during = pullListings().length;
      clock += FAILURE_BACKOFF_MS - 1;
      await expect(count()).rejects.toMatchObject({ status: 503 });
      expect(pullListings().length).toBe(during);
    } finally {
      github.setOutage(undefined);
    }
    clock += 1;
    expect((await count()).count).toBe(8);
  });

  it("answers 503 with a readable reason when GitHub fails, never GitHub's own words", async () => {
    const live = createLivePullRequests({
      db: ctx.database.db,
      host: ctx.services.github,
      localOpenCount: async () => 0,
      maxAgeMs: 0,
    });
    github.setOutage(/\/pulls$/);
    try {
      const caught = await live.activeCount(owner.tenantId).catch((error: unknown) => error);
      expect(caught).toMatchObject({
        status: 503,
        message: "GitHub did not answer, so the live count is unknown; it is asked again shortly",
      });
      expect(String((caught as Error).message)).not.toContain("Server Error");
    } finally {
      github.setOutage(undefined);
    }
  });

  it("says a tenant without GitHub counts its local fix pull requests, never GitHub's", async () => {
    const before = pullListings().length;
    const own = await active(stranger.tenantId, stranger.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ source: "local", count: 0 });
    expect(pullListings().length).toBe(before);
  });

  it("counts a suspended installation as not connected", async () => {
    await ctx.database.db
      .update(tenants)
      .set({ githubInstallationSuspendedAt: new Date() })
      .where(eq(tenants.id, owner.tenantId));
    try {
      expect((await active(owner.tenantId, owner.cookie)).json()).toEqual({ source: "local", count: 0 });
    } finally {
      await ctx.database.db
        .update(tenants)
        .set({ githubInstallationSuspendedAt: null })
        .where(eq(tenants.id, owner.tenantId));
    }
  });

  it("answers 404 to another tenant's user and 400 without a tenant", async () => {
    const before = pullListings().length;
    const probe = await active(owner.tenantId, stranger.cookie);
    expect(probe.statusCode).toBe(404);
    expect(probe.json().error).toBeTruthy();
    expect(pullListings().length).toBe(before);
    const missing = await ctx.app.inject({ url: "/api/prs/active", headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
  });
});
