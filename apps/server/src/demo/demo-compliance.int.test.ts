// A user's demo organization opens with a compliance programme part way to SOC 2, made through the
// real services as its owner: the policies, files, reviews and thread the plan names, in a ledger
// that verifies, and a SOC 2 view that is neither empty nor complete.
import { evidenceRequests, policies } from "@rampart/db/schema";
import { listPolicyTemplates } from "@rampart/policy";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { seedDemoWhenReady } from "../../test/demo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { createDemoCompliance } from "./demo-compliance.ts";
import { DEMO_AD_HOC_REQUEST, DEMO_EVIDENCE, DEMO_POLICIES } from "./demo-compliance-plan.ts";

let ctx: TestContext;
let cookie: string;
let tenantId: string;
let userId: string;
let email: string;

const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie, userId, email } = await signUp(ctx.app));
  tenantId = await seedDemoWhenReady(ctx.app, cookie);
}, 300_000);
afterAll(() => ctx.close());

describe("the demo organization's compliance programme", () => {
  it("adopts every starter policy, approves all but the drafts, acknowledges all but the one left to the user", async () => {
    const response = await get(`/api/tenants/${tenantId}/policies`);
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json() as {
      key: string;
      currentVersion: number | null;
      acknowledgedByMe: boolean;
    }[];
    const templates = listPolicyTemplates().map((template) => template.key);
    expect(list.map((policy) => policy.key).sort()).toEqual([...templates].sort());
    for (const policy of list) {
      const draft = (DEMO_POLICIES.drafts as readonly string[]).includes(policy.key);
      const left = (DEMO_POLICIES.unacknowledged as readonly string[]).includes(policy.key);
      expect(policy.currentVersion, policy.key).toBe(draft ? null : 1);
      expect(policy.acknowledgedByMe, policy.key).toBe(!draft && !left);
    }
  });

  it("answers the planned requests: accepted, produced by Rampart, waiting for review, rejected with a reason", async () => {
    const response = await get(`/api/tenants/${tenantId}/evidence-requests`);
    expect(response.statusCode, response.body).toBe(200);
    const { requests } = response.json() as {
      requests: {
        id: string;
        controlCode: string;
        evidenceKey: string;
        state: string;
        source: string;
        rejectReason: string | null;
        owner: { email: string } | null;
      }[];
    };
    const byKey = new Map(
      requests.map((request) => [`${request.controlCode}/${request.evidenceKey}`, request]),
    );
    for (const { controlCode, evidenceKey, answer } of DEMO_EVIDENCE) {
      const request = byKey.get(`${controlCode}/${evidenceKey}`);
      const expected = {
        accepted: "accepted",
        record: "accepted",
        pending: "submitted",
        rejected: "rejected",
      };
      expect(request?.state, `${controlCode}/${evidenceKey}`).toBe(expected[answer.outcome]);
      if (answer.outcome === "rejected") expect(request?.rejectReason).toBe(answer.reason);
    }
    const states = new Set(requests.map((request) => request.state));
    for (const state of ["missing", "submitted", "accepted", "rejected"]) expect(states).toContain(state);
    // Every request still open names its owner, as the compliance view's missing list does.
    const unowned = requests.filter((request) => request.state === "missing" && request.owner === null);
    expect(unowned).toEqual([]);

    const adHoc = requests.find((request) => request.source !== "control");
    expect(adHoc).toMatchObject({ controlCode: DEMO_AD_HOC_REQUEST.controlCode, state: "missing" });
    const thread = await get(`/api/tenants/${tenantId}/evidence-requests/${adHoc!.id}/comments`);
    expect(thread.json()).toEqual([
      expect.objectContaining({ body: DEMO_AD_HOC_REQUEST.comment, authorRole: "admin" }),
    ]);

    const record = byKey.get("ORG-CHG-01/change-history")!;
    const detail = (await get(`/api/tenants/${tenantId}/evidence-requests/${record.id}`)).json();
    expect(detail.submissions[0]).toMatchObject({ contentType: "application/json", review: "accepted" });
  });

  it("keeps a ledger that verifies, with the approvals, files and reviews in it", async () => {
    const verified = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${tenantId}/evidence/verify`,
      headers: { cookie },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().chain.isValid).toBe(true);
  });

  it("shows a SOC 2 picture between empty and complete, with what is missing on failing rows", async () => {
    const response = await get(`/api/compliance/soc2?tenantId=${tenantId}`);
    expect(response.statusCode, response.body).toBe(200);
    const { compliance, controls } = response.json() as {
      compliance: { compliancePercentage: number; passedControls: number; failedControls: number };
      controls: { status: string; missing: { evidenceKey: string; owner: string | null }[] }[];
    };
    expect(compliance.passedControls).toBeGreaterThan(0);
    expect(compliance.failedControls).toBeGreaterThan(0);
    const failing = controls.filter((row) => row.status === "fail" && row.missing.length > 0);
    expect(failing.length).toBeGreaterThan(0);
    // Each thing missing names who owns it: the demo's user, who owns every open request.
    expect(failing[0]!.missing[0]!.owner).toMatch(/@/);
    expect(compliance.compliancePercentage).toBeGreaterThan(0);
    expect(compliance.compliancePercentage).toBeLessThan(100);
  });

  it("seeds once: a second switch to the demo adds nothing", async () => {
    const countOf = async () => ({
      policies: (await ctx.database.db.select().from(policies).where(eq(policies.tenantId, tenantId))).length,
      requests: (
        await ctx.database.db.select().from(evidenceRequests).where(eq(evidenceRequests.tenantId, tenantId))
      ).length,
    });
    const before = await countOf();
    expect(await seedDemoWhenReady(ctx.app, cookie)).toBe(tenantId);
    expect(await countOf()).toEqual(before);
    // Run again on purpose (a retry after a crash would): it sees the policies and stops.
    const seedAgain = createDemoCompliance({
      db: ctx.database.db,
      policies: ctx.services.policies,
      evidenceRequests: ctx.services.evidenceRequests,
      evidenceRecords: ctx.services.evidenceRecords,
    });
    expect(await seedAgain(tenantId, { id: userId, email })).toBe(false);
    expect(await countOf()).toEqual(before);
  });

  it("leaves the demo usable when the programme cannot be seeded", async () => {
    const failing = vi.spyOn(ctx.services.policies, "create").mockRejectedValueOnce(new Error("disk full"));
    try {
      const other = await signUp(ctx.app);
      const id = await seedDemoWhenReady(ctx.app, other.cookie);
      expect(failing).toHaveBeenCalledOnce();
      const tenant = await ctx.app.inject({ url: `/api/tenants/${id}`, headers: { cookie: other.cookie } });
      expect(tenant.json()).toMatchObject({ isDemo: true, role: "admin" });
      const listed = await ctx.app.inject({
        url: `/api/tenants/${id}/policies`,
        headers: { cookie: other.cookie },
      });
      expect(listed.json()).toEqual([]);
    } finally {
      failing.mockRestore();
    }
  });
});
