// Issue 16, defects 1 and 2: the server must not be a way into its own network. Registration
// refuses internal addresses in every spelling (and names resolving to them), the scan refuses
// again at fetch time (a DNS answer may change in between), failures read as reason classes in
// our words, tokens are stored sealed and never returned, and clones, schedules and the number
// of repositories are bounded. The local git servers are reached only because the test allows
// 127.0.0.1 through GIT_ALLOWED_INTERNAL_HOSTS, as a self-hosted install would its own servers.
import { lookup as systemLookup } from "node:dns/promises";
import { rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import {
  bareRepository,
  type GitServer,
  startGitDaemon,
  startHttpGitServer,
} from "@rampart/checkout/testing/git-servers";
import { repositories, scans } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const TOKEN = "glpat-Secret-Token-1234";
/** What an attacker's DNS zone answers; it can change its answer between registration and scan. */
const zone = new Map<string, string[]>([["loopback.example.test", ["127.0.0.1"]]]);

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let served: { root: string; sha: string };
let large: { root: string; sha: string };
let daemon: GitServer;
let largeDaemon: GitServer;
let guardedHttp: GitServer;
let listener: Server;
let listenerPort: number;
let connections = 0;

beforeAll(async () => {
  served = bareRepository("acme", { "main.tf": 'resource "aws_s3_bucket" "b" {}\n', "README.md": "hi\n" });
  large = bareRepository("big", Object.fromEntries([...Array(8).keys()].map((i) => [`f${i}.txt`, `${i}\n`])));
  daemon = await startGitDaemon(served.root);
  largeDaemon = await startGitDaemon(large.root);
  guardedHttp = await startHttpGitServer(served.root, { token: TOKEN });
  // Stands for an internal service (a database on 5432): it must never see a connection.
  listener = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerPort = (listener.address() as { port: number }).port;

  ctx = await createTestContext({
    services: {
      GIT_PROTOCOLS: ["https", "ssh", "git", "http"],
      GIT_ALLOWED_INTERNAL_HOSTS: ["git.local.test"],
      CHECKOUT_MAX_FILES: 5,
      MAX_REPOSITORIES_PER_TENANT: 3,
      lookup: async (host) => {
        const answer = zone.get(host);
        if (answer) return answer;
        if (host === "git.local.test") return ["127.0.0.1"];
        return (await systemLookup(host, { all: true })).map((entry) => entry.address);
      },
    },
  });
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await daemon.close();
  await largeDaemon.close();
  await guardedHttp.close();
  listener.close();
  rmSync(served.root, { recursive: true, force: true });
  rmSync(large.root, { recursive: true, force: true });
});

const register = (payload: object, cookie = owner.cookie, tenantId = owner.tenantId) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${tenantId}/repositories`,
    payload,
    headers: { cookie },
  });
const trigger = (repo: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    payload: { tenantId: owner.tenantId, repo },
    headers: { cookie: owner.cookie },
  });
const patch = (id: string, payload: object, cookie = owner.cookie, tenantId = owner.tenantId) =>
  ctx.app.inject({
    method: "PATCH",
    url: `/api/tenants/${tenantId}/repositories/${id}`,
    payload,
    headers: { cookie },
  });
const listNames = async () =>
  (
    await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
    })
  )
    .json()
    .map((repository: { name: string }) => repository.name);

describe("registering a repository at an internal address", () => {
  it.each([
    "http://127.0.0.1:5432/x",
    "https://127.0.0.1:5432/x",
    "https://0x7f000001/x",
    "https://2130706433/x",
    "https://127.1/x",
    "ssh://git@0x7f000001/x",
    "ssh://git@2130706433/x",
    "git@127.1:acme/x.git",
    "https://[::1]/x",
    "https://[::ffff:127.0.0.1]:5432/x",
    "https://[64:ff9b::7f00:1]/x",
    "https://169.254.169.254/latest/meta-data/",
    "https://10.0.0.1/x",
    "https://100.64.0.1/x",
    "https://localhost/x",
    "https://loopback.example.test/x",
    "git://127.0.0.1:5432/x",
    "git://0x7f000001/x",
  ])("%s is refused with a 400 and nothing is saved", async (location) => {
    const response = await register({ location });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatch(
      /^location: This repository cannot be registered: the host (is|resolves to) /,
    );
  });

  it("refuses git:// and http:// unless the install allows them", async () => {
    const strict = await createTestContext();
    try {
      const user = await signUp(strict.app);
      for (const location of ["git://github.com/acme/api.git", "http://github.com/acme/api.git"]) {
        const response = await strict.app.inject({
          method: "POST",
          url: `/api/tenants/${user.tenantId}/repositories`,
          payload: { location },
          headers: { cookie: user.cookie },
        });
        expect(response.statusCode, location).toBe(400);
        expect(response.json().error).toMatch(/protocol is not allowed on this server/);
      }
    } finally {
      await strict.close();
    }
  });

  it("refuses credentials in the URL", async () => {
    for (const location of [
      `https://${TOKEN}@github.com/acme/api.git`,
      "https://me:pw@github.com/acme/api.git",
    ]) {
      const response = await register({ location });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        "location: credentials are not allowed in the URL: give the access token in the credential field",
      );
    }
    expect(connections).toBe(0);
    expect(await listNames()).toEqual([]);
  });
});

describe("fetching at scan time", () => {
  it("refuses again when the name resolves to an internal address by then, without connecting", async () => {
    zone.set("rebind.example.test", ["140.82.121.4"]);
    const registered = await register({
      location: `http://rebind.example.test:${listenerPort}/x.git`,
      name: "rebind",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    zone.set("rebind.example.test", ["127.0.0.1"]);

    const scan = await trigger("rebind");
    expect(scan.statusCode, scan.body).toBe(422);
    expect(scan.json().error).toBe(
      "Scan failed: The repository could not be fetched: refused by policy: the host resolves to a loopback address",
    );
    expect(connections).toBe(0);
    // Failed once, for good: a refusal is not retried.
    const [row] = await ctx.database.db
      .select()
      .from(scans)
      .where(eq(scans.repositoryId, registered.json().id));
    expect(row).toMatchObject({ state: "failed" });
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/repositories/${registered.json().id}`,
      headers: { cookie: owner.cookie },
    });
  });

  it("scans a git server the install allows, reached at the checked address", async () => {
    const registered = await register({
      location: `git://git.local.test:${daemon.port}/acme.git`,
      name: "allowed",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const scan = await trigger("allowed");
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json().state).toBe("completed");
  });

  it("says what went wrong in its own words: not found", async () => {
    const registered = await register({
      location: `git://git.local.test:${daemon.port}/missing.git`,
      name: "missing",
    });
    expect(registered.statusCode).toBe(201);
    const scan = await trigger("missing");
    expect(scan.statusCode).toBe(422);
    expect(scan.json().error).toBe(
      "Scan failed: The repository could not be fetched: not found (check the URL, and the branch or commit)",
    );
    await patch(registered.json().id, {}); // a no-op update is fine
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/repositories/${registered.json().id}`,
      headers: { cookie: owner.cookie },
    });
  });

  it("records a repository over the file limit as a failed scan with the reason", async () => {
    const registered = await register({
      location: `git://git.local.test:${largeDaemon.port}/big.git`,
      name: "big",
    });
    expect(registered.statusCode).toBe(201);
    const scan = await trigger("big");
    expect(scan.statusCode).toBe(422);
    expect(scan.json().error).toBe(
      "Scan failed: The repository could not be fetched: too large: more than 5 files",
    );
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/repositories/${registered.json().id}`,
      headers: { cookie: owner.cookie },
    });
  });
});

describe("repository credentials", () => {
  let id: string;

  it("are write-only, stored sealed, and sent by git as a header", async () => {
    const location = `http://git.local.test:${guardedHttp.port}/acme.git`;
    const without = await register({ location, name: "private" });
    expect(without.statusCode, without.body).toBe(201);
    id = without.json().id;
    expect(without.json().hasCredential).toBe(false);
    const refused = await trigger("private");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      "Scan failed: The repository could not be fetched: authentication required (add an access token with read access to the repository)",
    );

    const updated = await patch(id, { credential: { token: TOKEN } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().hasCredential).toBe(true);
    expect(updated.body).not.toContain(TOKEN);
    const list = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
    });
    expect(list.body).not.toContain(TOKEN);
    const [row] = await ctx.database.db.select().from(repositories).where(eq(repositories.id, id));
    expect(row!.credential).toMatch(/^v1:/);
    expect(row!.credential).not.toContain(TOKEN);
    expect(row!.location).not.toContain(TOKEN);

    const scanned = await trigger("private");
    expect(scanned.statusCode, scanned.body).toBe(200);
  });

  it("can be removed, and are refused where git would not send them", async () => {
    const removed = await patch(id, { credential: null });
    expect(removed.json().hasCredential).toBe(false);
    const ssh = await register({ location: "git@github.com:acme/api.git", credential: { token: TOKEN } });
    expect(ssh.statusCode).toBe(400);
    expect(ssh.json().error).toBe(
      "credential: an access token can be used only with an https:// repository URL",
    );
  });

  it("cannot be changed by another organization", async () => {
    const response = await patch(id, { credential: { token: "x" } }, stranger.cookie, owner.tenantId);
    expect(response.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(repositories).where(eq(repositories.id, id));
    expect(row!.credential).toBeNull();
  });
});

describe("bounds", () => {
  it("refuses a scan schedule more frequent than the minimum, naming the field", async () => {
    for (const scanSchedule of ["* * * * *", "*/5 * * * *", "0,1 4 * * *"]) {
      const response = await register({ location: "https://github.com/acme/often.git", scanSchedule });
      expect(response.statusCode, scanSchedule).toBe(400);
      expect(response.json().error).toMatch(/^scanSchedule: scans may be scheduled at most every 15 minutes/);
    }
    const [allowed] = (await listNames()).filter((name: string) => name === "allowed");
    expect(allowed).toBe("allowed");
    const id = (
      await ctx.app.inject({
        url: `/api/tenants/${owner.tenantId}/repositories`,
        headers: { cookie: owner.cookie },
      })
    )
      .json()
      .find((repository: { name: string }) => repository.name === "allowed").id;
    const tooOften = await patch(id, { scanSchedule: "*/2 * * * *" });
    expect(tooOften.statusCode).toBe(400);
    expect(tooOften.json().error).toMatch(/^scanSchedule: /);
    const quarterly = await patch(id, { scanSchedule: "*/15 * * * *" });
    expect(quarterly.statusCode, quarterly.body).toBe(200);
    expect(quarterly.json().scanSchedule).toBe("*/15 * * * *");
  });

  it("limits the repositories of one organization", async () => {
    const user = await signUp(ctx.app, { tenantName: "Quota Org" });
    for (const name of ["one", "two", "three"]) {
      const response = await register(
        { location: `https://github.com/acme/${name}.git` },
        user.cookie,
        user.tenantId,
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const fourth = await register(
      { location: "https://github.com/acme/four.git" },
      user.cookie,
      user.tenantId,
    );
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toBe(
      "This organization already has 3 repositories, the most allowed on this server: remove one first",
    );
  });

  it("holds the limit against registrations sent at the same moment", async () => {
    const user = await signUp(ctx.app, { tenantName: "Racing Org" });
    const responses = await Promise.all(
      ["a", "b", "c", "d", "e", "f"].map((name) =>
        register({ location: `https://github.com/acme/race-${name}.git` }, user.cookie, user.tenantId),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    const listed = await ctx.app.inject({
      url: `/api/tenants/${user.tenantId}/repositories`,
      headers: { cookie: user.cookie },
    });
    expect(listed.json()).toHaveLength(3);
  });
});
