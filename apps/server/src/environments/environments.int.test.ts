// Environments through the API: create (name required, type dev by default, names unique), the
// sources checked on save, an uploaded Terraform state, a sync queued and run by the worker that
// records why it could not finish, apply-config's per-target answer, and delete.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let root: string;
let repositoryId: string;
let otherRepositoryId: string;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: object, cookie = user.cookie) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const base = () => `/api/tenants/${user.tenantId}/environments`;

async function createEnvironment(name: string, type?: string) {
  const created = await call("POST", base(), { name, ...(type ? { type } : {}) });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; type: string; driftState: string };
}

beforeAll(async () => {
  const repository = sampleRepository("payments-api", "01-initial");
  root = repository.root;
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  user = await signUp(ctx.app);
  other = await signUp(ctx.app);
  const registered = await call("POST", `/api/tenants/${user.tenantId}/repositories`, {
    location: repository.path,
    name: "acme/payments-api",
  });
  expect(registered.statusCode, registered.body).toBe(201);
  repositoryId = registered.json().id;
  const theirs = await call(
    "POST",
    `/api/tenants/${other.tenantId}/repositories`,
    { location: repository.path, name: "other/payments-api" },
    other.cookie,
  );
  expect(theirs.statusCode, theirs.body).toBe(201);
  otherRepositoryId = theirs.json().id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe("environments", () => {
  it("creates with a required name and type dev by default, and refuses a second of the same name", async () => {
    const created = await createEnvironment("dev-eu");
    expect(created).toMatchObject({ type: "dev", driftState: "unknown" });
    const again = await call("POST", base(), { name: "dev-eu", type: "prod" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('An environment named "dev-eu" already exists');
    const blank = await call("POST", base(), { name: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatch(/Name is required/);
    const list = (await call("GET", base())).json() as { name: string }[];
    expect(list.map((environment) => environment.name)).toContain("dev-eu");
  });

  it("checks the sources on save: the tenant's own repository, a folder inside it, a valid schedule, a readable state", async () => {
    const { id } = await createEnvironment("sources");
    const put = (body: object) => call("PUT", `${base()}/${id}/sources`, body);
    const declared = { repositoryId, path: "infra", kind: "terraform" };

    const foreign = await put({ declared: { ...declared, repositoryId: otherRepositoryId }, observed: null });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe("The declared state's repository was not found");
    const outside = await put({ declared: { ...declared, path: "../etc" }, observed: null });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe("The path must be a folder inside the repository");
    const cron = await put({ declared, observed: null, syncSchedule: "* * * * *" });
    expect(cron.statusCode).toBe(400);
    expect(cron.json().error).toMatch(/at most every/);
    const credential = await put({
      declared,
      observed: { kind: "terraform-upload" },
      credential: { password: "secret" },
    });
    expect(credential.statusCode).toBe(400);

    const unreadable = await put({
      declared,
      observed: { kind: "terraform-http", address: "http://127.0.0.1:9/state" },
      credential: { password: "secret" },
    });
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().error).toMatch(/^The observed state could not be read: /);
    expect(
      (await call("GET", base())).json().find((row: { id: string }) => row.id === id).observed,
    ).toBeNull();

    const saved = await put({ declared, observed: { kind: "terraform-upload" }, syncSchedule: "0 3 * * *" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      declared: { repositoryId, path: "infra", kind: "terraform", varFiles: [], workspace: "default" },
      observed: { kind: "terraform-upload" },
      hasCredential: false,
      syncSchedule: "0 3 * * *",
    });
    const schedules = await ctx.jobs.boss.getSchedules("environments.scheduled-sync", id);
    expect(schedules.map((schedule) => schedule.cron)).toEqual(["0 3 * * *"]);
  });

  it("takes a Terraform state of version 4 only, for an environment whose state is uploaded", async () => {
    const { id } = await createEnvironment("uploads");
    const upload = (state: object) => call("POST", `${base()}/${id}/state`, state);
    const state = { version: 4, terraform_version: "1.9.0", serial: 3, lineage: "l", resources: [] };
    expect((await upload(state)).statusCode).toBe(409);
    await call("PUT", `${base()}/${id}/sources`, { declared: null, observed: { kind: "terraform-upload" } });
    const old = await upload({ ...state, version: 3 });
    expect(old.statusCode).toBe(400);
    expect(old.json().error).toBe("Only Terraform state version 4 is supported (this one is version 3)");
    expect((await upload(state)).statusCode).toBe(200);
  });

  it("queues a sync that records, for the page, why it could not finish", async () => {
    const { id } = await createEnvironment("staging", "staging");
    await call("PUT", `${base()}/${id}/sources`, {
      declared: { repositoryId, path: "", kind: "terraform" },
      observed: { kind: "terraform-upload" },
    });
    const started = await call("POST", "/api/env/sync", { environmentId: id });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toEqual({ environmentId: id, status: "queued" });
    let environment: { lastSyncError: string | null; driftState: string } | undefined;
    for (let attempt = 0; attempt < 60 && !environment?.lastSyncError; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const list = (await call("GET", base())).json() as ({ id: string } & NonNullable<typeof environment>)[];
      environment = list.find((candidate) => candidate.id === id);
    }
    expect(environment).toMatchObject({
      driftState: "unknown",
      lastSyncError: "acme/payments-api has not been scanned yet: scan it first",
    });
    const drift = await call("GET", `/api/env/${id}/drift`);
    expect(drift.statusCode).toBe(200);
    expect(drift.json()).toEqual([]);
  });

  it("answers apply-config per target, with the reason when no change could be proposed", async () => {
    const source = await createEnvironment("apply-source");
    const target = await createEnvironment("apply-target");
    const applied = await call("POST", "/api/env/apply-config", {
      sourceEnvId: source.id,
      targetEnvIds: [target.id],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toEqual({
      appliedFrom: source.id,
      results: [
        {
          environmentId: target.id,
          status: "failed",
          pullRequest: null,
          reason: "apply-source: No declared state: choose a repository and a folder in it",
        },
      ],
    });
    const none = await call("POST", "/api/env/apply-config", { sourceEnvId: source.id, targetEnvIds: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(/Choose at least one target environment/);
    const itself = await call("POST", "/api/env/apply-config", {
      sourceEnvId: source.id,
      targetEnvIds: [source.id],
    });
    expect(itself.statusCode).toBe(400);
  });

  it("compares with another tenant's environment as with none: not found", async () => {
    const mine = await createEnvironment("compare-mine");
    const theirs = await call(
      "POST",
      `/api/tenants/${other.tenantId}/environments`,
      { name: "theirs" },
      other.cookie,
    );
    const compared = await call("GET", `/api/env/${mine.id}/compare?targetEnvId=${theirs.json().id}`);
    expect(compared.statusCode).toBe(404);
    const alone = await call("GET", `/api/env/${mine.id}/compare`);
    expect(alone.json()).toEqual({
      sourceEnvId: mine.id,
      targetEnvId: null,
      configComparison: { differences: [] },
      driftStats: { source: null, target: null },
    });
  });

  it("deletes an environment, and its schedule with it", async () => {
    const { id } = await createEnvironment("to-delete");
    await call("PUT", `${base()}/${id}/sources`, {
      declared: null,
      observed: { kind: "terraform-upload" },
      syncSchedule: "0 4 * * *",
    });
    const deleted = await call("DELETE", `${base()}/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call("DELETE", `${base()}/${id}`)).statusCode).toBe(404);
    expect(await ctx.jobs.boss.getSchedules("environments.scheduled-sync", id)).toEqual([]);
  });
});
