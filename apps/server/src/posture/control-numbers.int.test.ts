// Issue 17, "Numbers must agree across screens": a control's numbers are the same in the Control
// Status table (summary and /controls) and in its Control Detail modal, whose lists hold exactly
// the checks those numbers count; the chain card counts runs as runs and entries as entries.
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { EvidenceResponse } from "@rampart/contracts/evidence";
import type { Finding } from "@rampart/contracts/runs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { addLocalRepository, scanRepository } from "../../test/repository-with-run.ts";
import { CONTROL_FAILURES_LISTED, CONTROL_PASSES_LISTED } from "./posture.service.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
const scan = () => scanRepository(ctx, owner);

beforeAll(async () => {
  // Terraform and CloudFormation with rules that evidence two controls at once (an ingress rule
  // open to the world is both an open admin port and unrestricted ingress).
  const { root, path: repo } = sampleRepository("cloud-platform", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app);
  await addLocalRepository(ctx, owner, repo);
  await scan();
}, 180_000);
afterAll(() => ctx.close());

async function read<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ url, headers: { cookie: owner.cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const summary = () => read<DashboardSummary>(`/api/tenants/${owner.tenantId}/summary?days=7`);
const detail = (code: string) =>
  read<ControlFindings>(`/api/controls/${code}/findings?tenantId=${owner.tenantId}`);

/** The modal agrees with its table row: same counts, and lists of exactly the checks counted. */
async function expectModalAgrees(row: ControlStatusRow) {
  const shown = await detail(row.control.code);
  const failed = shown.findings.filter((finding) => finding.status === "fail");
  const passed = shown.findings.filter((finding) => finding.status === "pass");
  expect(
    {
      code: row.control.code,
      passes: shown.passes,
      failures: shown.failures,
      evaluated: shown.evaluated,
      failedListed: failed.length,
      passedListed: passed.length,
    },
    row.control.code,
  ).toEqual({
    code: row.control.code,
    passes: row.passes,
    failures: row.failures,
    evaluated: row.evaluated,
    failedListed: Math.min(row.failures, CONTROL_FAILURES_LISTED),
    passedListed: Math.min(row.passes, CONTROL_PASSES_LISTED),
  });
  expect(failed.every((finding) => !finding.waived)).toBe(true);
  expect(shown.findings).toHaveLength(failed.length + passed.length);
  return shown;
}

describe("a control's numbers", () => {
  it("are the same in the Control Status table, the Controls page and the Control Detail modal", async () => {
    const { controlStatus } = await summary();
    expect(await read<ControlStatusRow[]>(`/api/tenants/${owner.tenantId}/controls`)).toEqual(controlStatus);
    const failing = controlStatus.filter((row) => row.failures > 0);
    expect(failing.length).toBeGreaterThan(5);
    let countedUnderSecondControl = 0;
    for (const row of controlStatus) {
      const shown = await expectModalAgrees(row);
      countedUnderSecondControl += shown.findings.filter(
        (finding) => finding.controlId !== row.control.code,
      ).length;
    }
    // The case that made them differ: a finding counts for every control its rule evidences, and
    // its row names only the first of them.
    expect(countedUnderSecondControl).toBeGreaterThan(0);
  });

  it("still agree after a waiver takes a finding of a two-control rule out of both counts", async () => {
    const before = (await summary()).controlStatus;
    const failuresOf = (rows: ControlStatusRow[], code: string) =>
      rows.find((row) => row.control.code === code)!.failures;
    // A failed check listed under a control other than the first its rule names.
    let secondary: { finding: Finding; code: string } | undefined;
    for (const row of before.filter((candidate) => candidate.failures > 0)) {
      const finding = (await detail(row.control.code)).findings.find(
        (candidate) => candidate.status === "fail" && candidate.controlId !== row.control.code,
      );
      if (finding) {
        secondary = { finding, code: row.control.code };
        break;
      }
    }
    const { finding, code } = secondary!;
    const waived = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/waivers`,
      headers: { cookie: owner.cookie },
      payload: { findingId: finding.id, scope: "fingerprint", reason: "accepted for the test" },
    });
    expect(waived.statusCode).toBe(201);

    const after = (await summary()).controlStatus;
    expect(failuresOf(after, finding.controlId)).toBe(failuresOf(before, finding.controlId) - 1);
    expect(failuresOf(after, code)).toBe(failuresOf(before, code) - 1);
    for (const row of after) await expectModalAgrees(row);
  });
});

describe("the evidence chain's numbers", () => {
  it("count runs as runs and entries as entries, as the Evidence page lists them", async () => {
    await scan();
    const runs = await read<{ runs: unknown[] }>(`/api/tenants/${owner.tenantId}/runs`);
    const evidence = await read<EvidenceResponse>(`/api/tenants/${owner.tenantId}/evidence?limit=500`);
    const { chainIntegrity } = await summary();
    expect(runs.runs).toHaveLength(2);
    // Each run writes its finding batch and its own entry; the waiver above wrote none.
    expect(evidence.artifacts.length).toBeGreaterThan(runs.runs.length);
    expect(chainIntegrity.totalRuns).toBe(runs.runs.length);
    expect(chainIntegrity.chainLength).toBe(evidence.artifacts.length);
    expect(evidence.chain).toMatchObject({ totalRuns: 2, chainLength: evidence.artifacts.length });
  });
});
