// Policies through the API: templates, adopting one, drafts and approval (admins only), the version
// in force, acknowledgement (members, not auditors; only the version in force; idempotent), the
// ledger entries, and the evidence they give controls as of a date.
import { evidenceArtifacts, memberships } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { sha256Hex } from "./policies.service.ts";
import { createPolicyEvidenceSource } from "./policy-evidence.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

type Method = "GET" | "POST" | "PATCH";
const send = (method: Method, path: string, cookie: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: path.startsWith("/api/") ? path : `/api/tenants/${admin.tenantId}/${path}`,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx.app, { tenantName: "Acme" });
  member = await signUp(ctx.app);
  auditor = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: admin.tenantId, role: "member" },
    { userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" },
  ]);
  await send("PATCH", "auditor-access", admin.cookie, { enabled: true });
}, 60_000);
afterAll(() => ctx.close());

describe("policy templates", () => {
  it("lists the starter templates and gives one with its Markdown", async () => {
    const list = await send("GET", "/api/policy-templates", stranger.cookie);
    expect(list.statusCode).toBe(200);
    const keys = list.json().map((template: { key: string }) => template.key);
    expect(keys).toContain("access-control");
    expect(list.json()[0]).not.toHaveProperty("body");
    const one = await send("GET", "/api/policy-templates/access-control", stranger.cookie);
    expect(one.json()).toMatchObject({
      key: "access-control",
      controls: expect.arrayContaining(["ORG-ACC-01"]),
    });
    expect(one.json().body.length).toBeGreaterThan(100);
    expect((await send("GET", "/api/policy-templates/no-such-template", stranger.cookie)).statusCode).toBe(
      404,
    );
  });
});

describe("policies", () => {
  let policyId: string;

  it("adopts a template as draft version 1 with its controls, once", async () => {
    const adopted = await send("POST", "policies", member.cookie, { templateKey: "access-control" });
    expect(adopted.statusCode, adopted.body).toBe(201);
    const detail = adopted.json();
    policyId = detail.policy.id;
    const template = (await send("GET", "/api/policy-templates/access-control", admin.cookie)).json();
    expect(detail.policy).toMatchObject({
      key: "access-control",
      templateKey: "access-control",
      controlCodes: template.controls,
      currentVersion: null,
      latestVersion: 1,
      members: 2,
      acknowledged: 0,
      owner: { id: member.userId, email: member.email },
    });
    expect(detail.versions).toHaveLength(1);
    expect(detail.versions[0]).toMatchObject({ version: 1, body: template.body, approvedAt: null });
    expect(detail.versions[0].sha256).toBe(sha256Hex(template.body));

    const again = await send("POST", "policies", admin.cookie, { templateKey: "access-control" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A policy with the key "access-control" already exists');
    const unknown = await send("POST", "policies", admin.cookie, { templateKey: "nope" });
    expect(unknown.statusCode).toBe(400);
  });

  it("writes a policy from scratch and refuses unknown control codes", async () => {
    const bad = await send("POST", "policies", admin.cookie, {
      key: "remote-work",
      title: "Remote work",
      body: "# Remote work\n\nUse the VPN.",
      controlCodes: ["ORG-END-01", "XYZ-1"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Unknown control codes: XYZ-1");
    const made = await send("POST", "policies", admin.cookie, {
      key: "remote-work",
      title: "Remote work",
      body: "# Remote work\n\nUse the VPN.",
      controlCodes: ["ORG-END-01"],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().policy).toMatchObject({ templateKey: null, controlCodes: ["ORG-END-01"] });
  });

  it("changes title, owner (a member only) and controls", async () => {
    const changed = await send("PATCH", `policies/${policyId}`, admin.cookie, {
      title: "Access control policy",
      ownerId: admin.userId,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().policy).toMatchObject({
      title: "Access control policy",
      owner: { id: admin.userId },
    });
    for (const ownerId of [auditor.userId, stranger.userId]) {
      const refused = await send("PATCH", `policies/${policyId}`, admin.cookie, { ownerId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("The owner must be an admin or a member of this organization");
    }
    const codes = await send("PATCH", `policies/${policyId}`, admin.cookie, {
      controlCodes: ["ORG-NOPE-99"],
    });
    expect(codes.statusCode).toBe(400);
    expect((await send("PATCH", `policies/${policyId}`, auditor.cookie, { title: "x" })).statusCode).toBe(
      403,
    );
  });

  it("lets only admins approve, records it in the ledger, and refuses approving twice", async () => {
    expect((await send("POST", `policies/${policyId}/versions/1/approve`, member.cookie)).statusCode).toBe(
      403,
    );
    expect((await send("POST", `policies/${policyId}/versions/1/approve`, auditor.cookie)).statusCode).toBe(
      403,
    );
    const approved = await send("POST", `policies/${policyId}/versions/1/approve`, admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      version: 1,
      approvedBy: { id: admin.userId, email: admin.email },
    });
    const twice = await send("POST", `policies/${policyId}/versions/1/approve`, admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect((await send("POST", `policies/${policyId}/versions/9/approve`, admin.cookie)).statusCode).toBe(
      404,
    );

    const [entry] = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(
        and(
          eq(evidenceArtifacts.tenantId, admin.tenantId),
          eq(evidenceArtifacts.artifactType, "policy_approval"),
        ),
      );
    expect(entry!.content).toEqual({
      policyId,
      key: "access-control",
      version: 1,
      sha256: approved.json().sha256,
      approvedBy: admin.email,
    });
  });

  it("lets members acknowledge the version in force once, and never auditors or drafts", async () => {
    const draft = await send("POST", `policies/${policyId}/versions`, member.cookie, {
      body: "# Access v2\n",
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ version: 2, approvedAt: null, sha256: sha256Hex("# Access v2") });

    const ofDraft = await send("POST", `policies/${policyId}/versions/2/acknowledge`, member.cookie);
    expect(ofDraft.statusCode).toBe(409);
    expect(ofDraft.json().error).toBe("Version 2 is a draft: only an approved version can be acknowledged");
    expect(
      (await send("POST", `policies/${policyId}/versions/1/acknowledge`, auditor.cookie)).statusCode,
    ).toBe(403);

    const first = await send("POST", `policies/${policyId}/versions/1/acknowledge`, member.cookie);
    expect(first.statusCode, first.body).toBe(201);
    const second = await send("POST", `policies/${policyId}/versions/1/acknowledge`, member.cookie);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const entries = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(
        and(
          eq(evidenceArtifacts.tenantId, admin.tenantId),
          eq(evidenceArtifacts.artifactType, "policy_acknowledgement"),
        ),
      );
    expect(entries.map((entry) => entry.content)).toEqual([
      { policyId, key: "access-control", version: 1, sha256: expect.any(String), userId: member.userId },
    ]);

    const detail = (await send("GET", `policies/${policyId}`, auditor.cookie)).json();
    expect(detail.policy).toMatchObject({ currentVersion: 1, latestVersion: 2, acknowledged: 1, members: 2 });
    expect(detail.acknowledgements).toEqual([first.json()]);
    expect(detail.versions.map((version: { version: number }) => version.version)).toEqual([2, 1]);
    const mine = (await send("GET", "policies", member.cookie)).json();
    expect(mine.find((policy: { id: string }) => policy.id === policyId).acknowledgedByMe).toBe(true);
  });

  it("turns the controls' policy evidence accepted only once every member acknowledged", async () => {
    const source = createPolicyEvidenceSource(ctx.services.db);
    const beforeAll = await source(admin.tenantId, new Date());
    expect(beforeAll.get("ORG-ACC-01")).toMatchObject({ state: "submitted", owner: admin.email });
    // The scratch policy has no approved version.
    expect(beforeAll.get("ORG-END-01")).toMatchObject({ state: "missing", validUntil: null });
    const acknowledged = await send("POST", `policies/${policyId}/versions/1/acknowledge`, admin.cookie);
    expect(acknowledged.statusCode).toBe(201);
    const afterAll = await source(admin.tenantId, new Date());
    const evidence = afterAll.get("ORG-ACC-01")!;
    expect(evidence.state).toBe("accepted");
    const approvedAt = new Date(
      (await send("GET", `policies/${policyId}`, admin.cookie)).json().versions[1].approvedAt,
    );
    expect(evidence.validUntil!.getTime() - approvedAt.getTime()).toBeGreaterThanOrEqual(365 * 86_400_000);
    // As of a moment before the approval there was nothing; a year after, it lapsed.
    expect((await source(admin.tenantId, new Date(approvedAt.getTime() - 1))).get("ORG-ACC-01")!.state).toBe(
      "missing",
    );
    expect(
      (await source(admin.tenantId, new Date(evidence.validUntil!.getTime() + 1))).get("ORG-ACC-01")!.state,
    ).toBe("expired");

    // Approving version 2 puts it in force: the acknowledgements of version 1 no longer count.
    expect((await send("POST", `policies/${policyId}/versions/2/approve`, admin.cookie)).statusCode).toBe(
      200,
    );
    expect((await source(admin.tenantId, new Date())).get("ORG-ACC-01")!.state).toBe("submitted");
    const old = await send("POST", `policies/${policyId}/versions/1/acknowledge`, member.cookie);
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toBe("Version 2 is in force: acknowledge that one instead");
    // A control served by two policies takes the weaker: the scratch policy now serves ORG-ACC-01 too.
    const scratch = (await send("GET", "policies", admin.cookie))
      .json()
      .find((policy: { key: string }) => policy.key === "remote-work");
    await send("PATCH", `policies/${scratch.id}`, admin.cookie, {
      controlCodes: ["ORG-END-01", "ORG-ACC-01"],
    });
    expect((await source(admin.tenantId, new Date())).get("ORG-ACC-01")!.state).toBe("missing");
  });

  it("gives auditors the acknowledgements as a population to sample", async () => {
    const now = Date.now();
    const sample = await send("POST", "audit-samples", auditor.cookie, {
      population: "policy-acknowledgements",
      windowStart: new Date(now - 86_400_000).toISOString(),
      windowEnd: new Date(now + 60_000).toISOString(),
      size: 10,
      seed: "acks",
    });
    expect(sample.statusCode, sample.body).toBe(201);
    expect(sample.json().populationSize).toBe(2);
    expect(
      sample
        .json()
        .picks.map((item: { label: string }) => item.label)
        .sort(),
    ).toEqual([admin.email, member.email].map((email) => `${email} acknowledged access-control v1`).sort());
  });

  it("answers another tenant's user 404 on every policy route", async () => {
    const routes: [Method, string, object?][] = [
      ["GET", "policies"],
      ["POST", "policies", { templateKey: "risk-management" }],
      ["GET", `policies/${policyId}`],
      ["PATCH", `policies/${policyId}`, { title: "mine now" }],
      ["POST", `policies/${policyId}/versions`, { body: "mine" }],
      ["POST", `policies/${policyId}/versions/2/approve`],
      ["POST", `policies/${policyId}/versions/2/acknowledge`],
    ];
    for (const [method, path, payload] of routes) {
      const response = await send(method, path, stranger.cookie, payload);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    // The stranger's own tenant does not see the policy by its id either.
    const own = await send("GET", `/api/tenants/${stranger.tenantId}/policies/${policyId}`, stranger.cookie);
    expect(own.statusCode).toBe(404);
  });
});
