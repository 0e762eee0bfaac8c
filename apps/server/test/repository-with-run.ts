// The set-up the dashboard and fix tests share: a tenant's repository with a run that has findings,
// either really scanned (a git repository the test context may read, through the API) or written
// straight to the tables when a scan of that size would take minutes.
import { findings, openRuleCounts as openRuleCountsTable, policyRuns } from "@rampart/db/schema";
import { type FindingRecord, openRuleCounts } from "../src/runs/run-record.ts";
import { asTenant, type signUp, type TestContext } from "./harness.ts";

type Caller = Pick<Awaited<ReturnType<typeof signUp>>, "cookie" | "tenantId">;

/** Registers a local git repository (under the context's `localRepositoryRoots`); returns its id. */
export async function addLocalRepository(
  ctx: TestContext,
  caller: Caller,
  location: string,
): Promise<string> {
  const added = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${caller.tenantId}/repositories`,
    headers: { cookie: caller.cookie },
    payload: { location },
  });
  if (added.statusCode !== 201) throw new Error(`add repository: ${added.body}`);
  return (added.json() as { id: string }).id;
}

/** Scans a repository of the caller's tenant (its first when none is named) and waits for the run. */
export async function scanRepository(ctx: TestContext, caller: Caller, repo?: string): Promise<string> {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    headers: { cookie: caller.cookie },
    payload: { tenantId: caller.tenantId, ...(repo ? { repo } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`scan: ${response.statusCode} ${response.body}`);
  const { runId } = response.json() as { runId: string | null };
  if (!runId) throw new Error(`scan recorded no run: ${response.body}`);
  return runId;
}

/**
 * A sample repository `acme/payments-api` of the tenant with one failed run holding `records`
 * (and the per-rule rollup the dashboard reads), written straight to the tables.
 */
export async function insertRepositoryWithRun(
  ctx: TestContext,
  tenantId: string,
  records: readonly FindingRecord[] = [],
) {
  const repository = await asTenant(tenantId, () =>
    ctx.services.repositoriesRepo.insert({
      tenantId,
      name: "acme/payments-api",
      source: "sample",
      location: "payments-api",
      defaultBranch: "main",
    }),
  );
  const [run] = await ctx.database.db
    .insert(policyRuns)
    .values({
      tenantId,
      repositoryId: repository.id,
      repo: repository.name,
      commitSha: "a".repeat(40),
      triggeredBy: "manual",
      status: "fail",
      filesScanned: Math.max(1, records.length),
      failedCount: Math.max(1, records.length),
      analyzers: {},
      engineVersion: "test",
      selfHash: "test",
    })
    .returning();
  if (!run) throw new Error("no run inserted");
  if (records.length > 0) {
    await ctx.database.db
      .insert(findings)
      .values(records.map((record) => ({ ...record, tenantId, runId: run.id })));
    await ctx.database.db
      .insert(openRuleCountsTable)
      .values(openRuleCounts(records).map((row) => ({ ...row, tenantId, runId: run.id })));
  }
  return { repository, run };
}
