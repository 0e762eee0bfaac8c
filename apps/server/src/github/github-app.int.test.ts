// Issue 18, item 1 against a fake GitHub: an instance admin creates the App through the manifest
// flow (its key and secrets are stored sealed), a tenant admin installs it with a signed state,
// the setup callback checks the state and the installing user, links the installation to the
// tenant and registers its repositories; installation tokens are minted per use, never stored.
import { githubApps, repositories, tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeGitHub, startFakeGitHub } from "../../test/fake-github.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const ADMIN_EMAIL = "operator@rampart.test";

let github: FakeGitHub;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  github = await startFakeGitHub();
  ctx = await createTestContext({
    services: {
      GITHUB_URL: github.url,
      INSTANCE_ADMINS: [ADMIN_EMAIL],
      GIT_PROTOCOLS: ["https", "http"],
      GIT_ALLOWED_INTERNAL_HOSTS: ["127.0.0.1"],
    },
  });
  admin = await signUp(ctx.app, { email: ADMIN_EMAIL, tenantName: "Acme" });
  member = await signUp(ctx.app, { tenantName: "Other Org" });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}) =>
  ctx.app.inject({ method: "POST", url, headers: { cookie }, payload });

async function createApp() {
  const started = await post("/api/github/app/manifest", admin.cookie, { organization: "acme" });
  expect(started.statusCode).toBe(200);
  const { action, manifest } = started.json() as { action: string; manifest: string };
  const state = new URL(action).searchParams.get("state")!;
  // GitHub shows the prefilled form; the admin confirms; GitHub sends the browser back with a code.
  const code = github.manifestCode(JSON.parse(manifest));
  return { action, manifest: JSON.parse(manifest), state, code };
}

describe("creating the App through the manifest flow", () => {
  it("is offered to instance admins only, while no App exists", async () => {
    const mine = await get("/api/github/app", admin.cookie);
    expect(mine.json()).toEqual({ configured: false, source: null, htmlUrl: null, canCreate: true });
    expect((await get("/api/github/app", member.cookie)).json().canCreate).toBe(false);
    const refused = await post("/api/github/app/manifest", member.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/INSTANCE_ADMINS/);
  });

  it("sends GitHub a least-privilege manifest and stores what comes back sealed", async () => {
    const { action, manifest, state, code } = await createApp();
    expect(action.startsWith(`${github.url}/organizations/acme/settings/apps/new?state=`)).toBe(true);
    expect(manifest.hook_attributes.url).toBe("http://rampart.test/api/github/webhooks");
    expect(manifest.default_permissions).toEqual({
      metadata: "read",
      contents: "read",
      pull_requests: "write",
      checks: "write",
      administration: "read",
      organization_administration: "read",
    });

    // The code is for the user the state was issued to.
    const stolen = await get(`/api/github/app/manifest/callback?code=${code}&state=${state}`, member.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toMatch(/another user/);

    const back = await get(`/api/github/app/manifest/callback?code=${code}&state=${state}`, admin.cookie);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe("/onboarding?github_app=created");

    const [stored] = await ctx.database.db.select().from(githubApps);
    expect(stored?.appId).toBe(github.app!.id);
    for (const sealed of [
      stored!.sealedPrivateKey,
      stored!.sealedWebhookSecret,
      stored!.sealedClientSecret,
    ]) {
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain("PRIVATE KEY");
    }
    expect(JSON.stringify(stored)).not.toContain(github.app!.webhookSecret);

    const status = (await get("/api/github/app", admin.cookie)).json();
    expect(status).toEqual({
      configured: true,
      source: "manifest",
      htmlUrl: `${github.url}/apps/${github.app!.slug}`,
      canCreate: false,
    });
    // One App per instance: a second creation is refused.
    expect((await post("/api/github/app/manifest", admin.cookie)).statusCode).toBe(409);
  });

  it("refuses a code GitHub does not know", async () => {
    const state = ctx.services.githubStates.issue("create-app", { userId: admin.userId });
    const response = await get(`/api/github/app/manifest/callback?code=nope&state=${state}`, admin.cookie);
    expect(response.statusCode).toBe(409); // the App exists already: checked before asking GitHub
  });
});

describe("installing the App for an organization", () => {
  let installationId: number;

  beforeAll(() => {
    github.createRepository("acme/api", { "main.tf": 'resource "aws_s3_bucket" "b" {}\n' });
    github.createRepository("acme/web", { Dockerfile: "FROM node:20\n" });
    installationId = github.installApp("acme", ["acme/api", "acme/web"]).id;
  });

  async function installLink(cookie: string, tenantId: string) {
    const response = await post(`/api/tenants/${tenantId}/github/install-link`, cookie);
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().url);
    return { url, state: url.searchParams.get("state")! };
  }

  it("hands out the App's installation page with a state for this user and tenant only", async () => {
    const { url } = await installLink(admin.cookie, admin.tenantId);
    expect(`${url.origin}${url.pathname}`).toBe(`${github.url}/apps/${github.app!.slug}/installations/new`);
    const stranger = await post(`/api/tenants/${admin.tenantId}/github/install-link`, member.cookie);
    expect(stranger.statusCode).toBe(404);
  });

  it("links only an installation the installing user can see, with a state of their own", async () => {
    const { state } = await installLink(admin.cookie, admin.tenantId);
    const setup = (query: string, cookie = admin.cookie) => get(`/api/github/setup?${query}`, cookie);

    const noCode = await setup(`installation_id=${installationId}&setup_action=install&state=${state}`);
    expect(noCode.statusCode).toBe(400);
    const notTheirs = await setup(
      `installation_id=${installationId}&state=${state}&code=${github.userCode([installationId + 1])}`,
    );
    expect(notTheirs.statusCode).toBe(403);
    const forged = await setup(`installation_id=${installationId}&state=${state.slice(0, -3)}abc&code=x`);
    expect(forged.statusCode).toBe(400);
    const otherUser = await setup(
      `installation_id=${installationId}&state=${state}&code=${github.userCode([installationId])}`,
      member.cookie,
    );
    expect(otherUser.statusCode).toBe(400);
    const notFromRampart = await setup(`installation_id=${installationId}&setup_action=install`);
    expect(notFromRampart.statusCode).toBe(400);
    expect(notFromRampart.json().error).toMatch(/did not start from Rampart/);

    // Nothing was linked by any of those.
    const [before] = await ctx.database.db.select().from(tenants).where(eq(tenants.id, admin.tenantId));
    expect(before!.githubInstallationId).toBeNull();

    const minted = github.mintedTokens.length;
    const linked = await setup(
      `installation_id=${installationId}&setup_action=install&state=${state}&code=${github.userCode([installationId])}`,
    );
    expect(linked.statusCode).toBe(303);
    expect(linked.headers.location).toBe(
      `/onboarding?installation_id=${installationId}&setup_action=install`,
    );

    const tenant = (await get(`/api/tenants/${admin.tenantId}`, admin.cookie)).json();
    expect(tenant.githubInstallationId).toBe(String(installationId));
    const listed = (await get(`/api/tenants/${admin.tenantId}/repositories`, admin.cookie)).json();
    expect(
      listed.map((repository: { name: string; source: string }) => [repository.name, repository.source]),
    ).toEqual([
      ["acme/api", "github"],
      ["acme/web", "github"],
    ]);

    // The repositories were listed with a token minted for it, which is kept nowhere.
    expect(github.mintedTokens.length).toBeGreaterThan(minted);
    const rows = JSON.stringify([
      await ctx.database.db.select().from(repositories),
      await ctx.database.db.select().from(tenants),
      await ctx.database.db.select().from(githubApps),
    ]);
    for (const token of github.mintedTokens) expect(rows).not.toContain(token);
  });

  it("refuses to link an installation that belongs to another organization", async () => {
    const { state } = await installLink(member.cookie, member.tenantId);
    const response = await get(
      `/api/github/setup?installation_id=${installationId}&state=${state}&code=${github.userCode([installationId])}`,
      member.cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/connected to another organization/);
    const listed = (await get(`/api/tenants/${member.tenantId}/repositories`, member.cookie)).json();
    expect(listed).toEqual([]);
  });

  it("scans an installation repository through a freshly minted token", async () => {
    const [repository] = await ctx.database.db
      .select()
      .from(repositories)
      .where(eq(repositories.name, "acme/api"));
    const minted = github.mintedTokens.length;
    const triggered = await post("/api/runs/trigger", admin.cookie, {
      tenantId: admin.tenantId,
      repo: "acme/api",
    });
    expect([200, 202]).toContain(triggered.statusCode);
    const scan = await asTenant(admin.tenantId, () =>
      ctx.services.scans.waitFor(triggered.json().scanId, 60_000),
    );
    expect(scan).toMatchObject({ state: "completed", error: null });
    // One token for the clone, one for reading the repository's settings: each minted for its use.
    expect(github.mintedTokens.length).toBe(minted + 2);
    const runs = (await get(`/api/tenants/${admin.tenantId}/runs`, admin.cookie)).json();
    const run = runs.runs?.[0] ?? runs[0];
    expect(run.repo).toBe(repository!.name);
  });
});
