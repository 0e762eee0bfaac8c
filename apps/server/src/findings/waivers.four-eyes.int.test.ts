// Accepting risk needs an admin, or, when the tenant turns on four-eyes approval, two people: one
// requests the waiver (it covers nothing yet) and another admin or member approves it.
import { rmSync } from "node:fs";
import { memberships } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let otherMember: Awaited<ReturnType<typeof signUp>>;
let root: string;
let failedIds: string[];
let runId: string;

const send = (method: "GET" | "POST" | "PATCH", url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const waiversUrl = () => `/api/tenants/${admin.tenantId}/waivers`;
const findingStatus = async (findingId: string) => {
  const run = (await send("GET", `/api/runs/${runId}`, admin.cookie)).json();
  return run.findings.find((finding: { id: string }) => finding.id === findingId).metadata.waiverId ?? null;
};

beforeAll(async () => {
  const repository = sampleRepository("payments-api", "01-initial");
  root = repository.root;
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  admin = await signUp(ctx.app);
  member = await signUp(ctx.app);
  otherMember = await signUp(ctx.app);
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: admin.tenantId, role: "member" },
    { userId: otherMember.userId, tenantId: admin.tenantId, role: "member" },
  ]);
  await send("POST", `/api/tenants/${admin.tenantId}/repositories`, admin.cookie, {
    location: repository.path,
    name: "acme/app",
  });
  runId = (
    await send("POST", "/api/runs/trigger", admin.cookie, { tenantId: admin.tenantId, repo: "acme/app" })
  ).json().runId;
  const run = (await send("GET", `/api/runs/${runId}`, admin.cookie)).json();
  failedIds = run.findings
    .filter((finding: { status: string }) => finding.status === "fail")
    .map((finding: { id: string }) => finding.id);
  expect(failedIds.length).toBeGreaterThan(3);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe("accepting risk", () => {
  it("needs an admin while four-eyes approval is off", async () => {
    const byMember = await send("POST", waiversUrl(), member.cookie, {
      findingId: failedIds[0],
      reason: "member says so",
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error).toBe("Accepting risk needs an admin of this organization");
    const byAdmin = await send("POST", waiversUrl(), admin.cookie, {
      findingId: failedIds[0],
      reason: "admin accepts",
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({ pending: false, approvedBy: null });
  });

  it("needs a second person once four-eyes approval is on; the requester cannot approve", async () => {
    const bySettingsMember = await send("PATCH", `/api/tenants/${admin.tenantId}/settings`, member.cookie, {
      fourEyesWaivers: true,
    });
    expect(bySettingsMember.statusCode).toBe(403);
    const enabled = await send("PATCH", `/api/tenants/${admin.tenantId}/settings`, admin.cookie, {
      fourEyesWaivers: true,
    });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ fourEyesWaivers: true, auditorAccessEnabled: false });

    const findingId = failedIds[1]!;
    const requested = await send("POST", waiversUrl(), member.cookie, {
      findingId,
      reason: "needs a second look",
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ pending: true, author: member.email });
    const waiverId = requested.json().id;
    expect(await findingStatus(findingId)).toBeNull();

    const self = await send("POST", `${waiversUrl()}/${waiverId}/approve`, member.cookie);
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe("A second person must approve this waiver: you requested it");
    expect(await findingStatus(findingId)).toBeNull();

    const approved = await send("POST", `${waiversUrl()}/${waiverId}/approve`, otherMember.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ pending: false, approvedBy: otherMember.email });
    expect(await findingStatus(findingId)).toBe(waiverId);

    const twice = await send("POST", `${waiversUrl()}/${waiverId}/approve`, admin.cookie);
    expect(twice.statusCode).toBe(409);
  });

  it("makes an admin's own waiver wait for a second person too, and keeps auditors out", async () => {
    const requested = await send("POST", waiversUrl(), admin.cookie, {
      findingId: failedIds[2],
      reason: "admin asks",
    });
    expect(requested.json().pending).toBe(true);
    expect(
      (await send("POST", `${waiversUrl()}/${requested.json().id}/approve`, admin.cookie)).statusCode,
    ).toBe(403);
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" });
    expect(
      (await send("POST", `${waiversUrl()}/${requested.json().id}/approve`, auditor.cookie)).statusCode,
    ).toBe(403);
    const approved = await send("POST", `${waiversUrl()}/${requested.json().id}/approve`, member.cookie);
    expect(approved.statusCode).toBe(200);
  });
});
