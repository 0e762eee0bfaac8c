// The risks and a control's findings are cached per tenant while the data they read is unchanged
// (posture.service.ts): each write that changes them must show in the next answer, and the cache
// must never answer another tenant's user.
import type { ControlFindings } from "@rampart/contracts/controls";
import type { RisksResponse } from "@rampart/contracts/risks";
import { findings, openRuleCounts as openRuleCountsTable, policyRuns } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { insertRepositoryWithRun } from "../../test/repository-with-run.ts";
import { type FindingRecord, openRuleCounts } from "../runs/run-record.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let repositoryId: string;

const CONTROL = "SAST-INJ-01";
const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const risksUrl = () => `/api/tenants/${owner.tenantId}/risks?limit=100`;
const controlUrl = () => `/api/controls/${CONTROL}/findings?tenantId=${owner.tenantId}`;

async function risks(): Promise<RisksResponse> {
  const response = await get(risksUrl());
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function controlFindings(): Promise<ControlFindings> {
  const response = await get(controlUrl());
  expect(response.statusCode).toBe(200);
  return response.json();
}

const countOf = (answer: RisksResponse, ruleId: string) =>
  answer.topRisks.find((risk) => risk.id === ruleId)?.findingCount ?? 0;

/** `count` open findings of one rule, each in its own file. */
function openFindings(ruleId: string, count: number, tag: string): FindingRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    ruleId,
    analyzer: "sast",
    controlCode: CONTROL,
    severity: "high" as const,
    status: "fail" as const,
    message: `${ruleId} ${index}`,
    filePath: `src/${tag}-${index}.ts`,
    line: 1,
    fingerprint: `${ruleId}-${tag}-${index}`,
    waiverId: null,
    metadata: { controls: [CONTROL] },
  }));
}

/** A newer run of a repository holding `records`, written as insertRepositoryWithRun writes one. */
async function recordRun(records: FindingRecord[], repository: { id: string; name: string }) {
  const [run] = await ctx.database.db
    .insert(policyRuns)
    .values({
      tenantId: owner.tenantId,
      repositoryId: repository.id,
      repo: repository.name,
      commitSha: "b".repeat(40),
      triggeredBy: "manual",
      status: "fail",
      filesScanned: records.length,
      failedCount: records.length,
      analyzers: {},
      engineVersion: "test",
      selfHash: "test-2",
      createdAt: new Date(Date.now() + 1000),
    })
    .returning();
  await ctx.database.db
    .insert(findings)
    .values(records.map((record) => ({ ...record, tenantId: owner.tenantId, runId: run!.id })));
  await ctx.database.db
    .insert(openRuleCountsTable)
    .values(openRuleCounts(records).map((row) => ({ ...row, tenantId: owner.tenantId, runId: run!.id })));
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Cached Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  const { repository } = await insertRepositoryWithRun(ctx, owner.tenantId, [
    ...openFindings("sast/sql-injection", 4, "first"),
    ...openFindings("sast/command-injection", 2, "first"),
  ]);
  repositoryId = repository.id;
}, 60_000);
afterAll(() => ctx?.close());

describe("cached risks and control findings", () => {
  it("answer what the data holds, again and again", async () => {
    const first = await risks();
    expect(countOf(first, "sast/sql-injection")).toBe(4);
    expect(countOf(first, "sast/command-injection")).toBe(2);
    expect(await risks()).toEqual(first);
    const detail = await controlFindings();
    expect(detail.findings.filter((finding) => finding.status === "fail")).toHaveLength(6);
    expect(await controlFindings()).toEqual(detail);
  });

  it("never answer another tenant's user, however warm the cache", async () => {
    await risks();
    await controlFindings();
    for (const url of [risksUrl(), controlUrl()]) {
      const response = await get(url, stranger.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(JSON.stringify(response.json())).not.toContain("sql-injection");
    }
    // The stranger's own tenant has none of the owner's risks.
    const own = await get(`/api/tenants/${stranger.tenantId}/risks`, stranger.cookie);
    expect(own.statusCode).toBe(200);
    expect((own.json() as RisksResponse).totalRisks).toBe(0);
  });

  it("change when a waiver covers a finding", async () => {
    const before = await controlFindings();
    const target = before.findings.find((finding) => finding.ruleId === "sast/command-injection")!;
    const created = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/waivers`,
      headers: { cookie: owner.cookie },
      payload: { findingId: target.id, reason: "Accepted for the test" },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(countOf(await risks(), "sast/command-injection")).toBe(1);
    const after = await controlFindings();
    expect(after.findings.find((finding) => finding.id === target.id)).toBeUndefined();
    expect(after.findings.filter((finding) => finding.status === "fail")).toHaveLength(5);
  });

  it("change when the repository is renamed", async () => {
    const renamed = await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${owner.tenantId}/repositories/${repositoryId}`,
      headers: { cookie: owner.cookie },
      payload: { name: "acme/payments" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const detail = await controlFindings();
    expect(detail.findings.length).toBeGreaterThan(0);
    for (const finding of detail.findings) expect(finding.run.repo).toBe("acme/payments");
  });

  it("change when a new run is recorded", async () => {
    // The repository was renamed above: its runs carry the new name.
    await recordRun(openFindings("sast/sql-injection", 9, "second"), {
      id: repositoryId,
      name: "acme/payments",
    });
    const after = await risks();
    expect(countOf(after, "sast/sql-injection")).toBe(9);
    expect(countOf(after, "sast/command-injection")).toBe(0);
    const detail = await controlFindings();
    expect(detail.findings).toHaveLength(9);
    expect(detail.findings.every((finding) => finding.filePath?.startsWith("src/second-"))).toBe(true);
  });

  it("sum a rule's findings over the latest run of every repository", async () => {
    const second = await asTenant(owner.tenantId, () =>
      ctx.services.repositoriesRepo.insert({
        tenantId: owner.tenantId,
        name: "acme/ledger",
        source: "sample",
        location: "ledger",
        defaultBranch: "main",
      }),
    );
    await recordRun(
      [
        ...openFindings("sast/sql-injection", 3, "ledger"),
        ...openFindings("sast/command-injection", 1, "ledger"),
      ],
      second,
    );
    const after = await risks();
    expect(countOf(after, "sast/sql-injection")).toBe(12);
    expect(countOf(after, "sast/command-injection")).toBe(1);
    const detail = await controlFindings();
    expect(detail.findings).toHaveLength(13);
    expect(new Set(detail.findings.map((finding) => finding.run.repo))).toEqual(
      new Set(["acme/payments", "acme/ledger"]),
    );
  });
});
