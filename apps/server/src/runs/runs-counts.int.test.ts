// GET /api/tenants/:tenantId/runs pages its runs, and every page says how many runs the filters
// match in all and by status, so that the Policy Runs narrator speaks of all of them and not of
// the pages loaded. Runs are written straight to the table (a scan each would take long).
import type { RunsPage } from "@rampart/contracts/runs";
import { policyRuns } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const runsUrl = (query: string) => `/api/tenants/${owner.tenantId}/runs?${query}`;

// Of acme/payments-api: 4 passed, 2 failed, 1 skipped; of acme/web: 1 failed.
const RUNS: { repo: string; status: "pass" | "fail" | "skip" }[] = [
  ...Array.from({ length: 4 }, () => ({ repo: "acme/payments-api", status: "pass" as const })),
  { repo: "acme/payments-api", status: "fail" },
  { repo: "acme/payments-api", status: "fail" },
  { repo: "acme/payments-api", status: "skip" },
  { repo: "acme/web", status: "fail" },
];

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Runs Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  const repositories = new Map<string, string>();
  for (const name of new Set(RUNS.map((run) => run.repo))) {
    const repository = await asTenant(owner.tenantId, () =>
      ctx.services.repositoriesRepo.insert({
        tenantId: owner.tenantId,
        name,
        source: "sample",
        location: name.split("/")[1]!,
        defaultBranch: "main",
      }),
    );
    repositories.set(name, repository.id);
  }
  const start = Date.now() - 60 * 60_000;
  await ctx.database.db.insert(policyRuns).values(
    RUNS.map((run, index) => ({
      tenantId: owner.tenantId,
      repositoryId: repositories.get(run.repo)!,
      repo: run.repo,
      commitSha: "a".repeat(40),
      triggeredBy: "manual",
      status: run.status,
      filesScanned: 1,
      failedCount: run.status === "fail" ? 1 : 0,
      analyzers: {},
      engineVersion: "test",
      selfHash: `hash-${index}`,
      createdAt: new Date(start + index * 60_000),
    })),
  );
}, 60_000);
afterAll(() => ctx?.close());

describe("runs list counts", () => {
  it("counts every matching run on every page, not only the page's", async () => {
    const pages: RunsPage[] = [];
    let cursor: string | null = null;
    do {
      const response = await get(runsUrl(`limit=3${cursor ? `&cursor=${cursor}` : ""}`));
      expect(response.statusCode).toBe(200);
      const page = response.json() as RunsPage;
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toHaveLength(3);
    for (const page of pages) expect(page.counts).toEqual({ total: 8, pass: 4, fail: 3, skip: 1 });
    expect(pages.flatMap((page) => page.runs)).toHaveLength(8);
  });

  it("counts only what the filters let through", async () => {
    const failed = (await get(runsUrl("status=fail&limit=1"))).json() as RunsPage;
    expect(failed.runs).toHaveLength(1);
    expect(failed.counts).toEqual({ total: 3, pass: 0, fail: 3, skip: 0 });
    const payments = (await get(runsUrl("repo=payments&limit=2"))).json() as RunsPage;
    expect(payments.counts).toEqual({ total: 7, pass: 4, fail: 2, skip: 1 });
  });

  it("counts none of another tenant's runs, and refuses this tenant's to another tenant's user", async () => {
    const own = (await get(`/api/tenants/${stranger.tenantId}/runs`, stranger.cookie)).json() as RunsPage;
    expect(own.counts).toEqual({ total: 0, pass: 0, fail: 0, skip: 0 });
    const other = await get(runsUrl("limit=3"), stranger.cookie);
    expect(other.statusCode).toBe(404);
    expect(typeof other.json().error).toBe("string");
  });
});
