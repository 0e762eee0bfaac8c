// Issue 17, "Numbers must agree across screens": when one repository's analyzer fails, the
// dashboard's control table and the Compliance page used to disagree (the table called a control
// evaluated from the other repository's run; Compliance said Untested). One verdict feeds both: a
// control is evaluated only when a failure was found, or the analyzers behind it succeeded in the
// latest run of every repository that had something of its kind.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import { ruleCatalogue } from "@rampart/engine";
import { FRAMEWORK_IDS, getControl } from "@rampart/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { addLocalRepository, scanRepository } from "../../test/repository-with-run.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let brokenRoot: string;
let brokenRepository: string;

/** Controls some Terraform rule evidences: the ones a failed Terraform analyzer leaves unproven. */
const TERRAFORM_CONTROLS = new Set(
  ruleCatalogue()
    .filter((rule) => rule.analyzer === "terraform")
    .flatMap((rule) => rule.controls),
);

/** A repository whose only Terraform file does not parse: its Terraform analyzer fails. */
function brokenTerraformRepository(): string {
  const repo = path.join(brokenRoot, "broken-terraform");
  mkdirSync(repo, { recursive: true });
  writeFileSync(
    path.join(repo, "main.tf"),
    'resource "aws_s3_bucket" "logs" {\n  bucket = "logs"\n  acl = [[[\n',
  );
  git(repo, "init", "--quiet", "--initial-branch", "main");
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "-m", "half-written bucket");
  return repo;
}

beforeAll(async () => {
  // Terraform (Azure, GCP) and CloudFormation that the analyzers read in full.
  const sample = sampleRepository("cloud-platform", "03-https-only");
  brokenRoot = mkdtempSync(path.join(tmpdir(), "rampart-broken-"));
  ctx = await createTestContext({ localRepositoryRoots: [sample.root, brokenRoot] });
  owner = await signUp(ctx.app);
  await addLocalRepository(ctx, owner, sample.path);
  await scanRepository(ctx, owner);
  brokenRepository = await addLocalRepository(ctx, owner, brokenTerraformRepository());
}, 180_000);
afterAll(() => ctx.close());

async function read<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ url, headers: { cookie: owner.cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const controlTable = async () =>
  (await read<DashboardSummary>(`/api/tenants/${owner.tenantId}/summary?days=7`)).controlStatus;

/** What the dashboard says of a control, in the Compliance page's words. */
function dashboardStatus(row: ControlStatusRow): "pass" | "fail" | "unknown" {
  if (!row.evaluated) return "unknown";
  return row.failures > 0 ? "fail" : "pass";
}

/**
 * Every control the frameworks map is said to be the same on the Compliance page (each framework),
 * in the Control Status table, on the Controls page and in the Control Detail modal.
 */
async function expectScreensAgree(): Promise<Map<string, ControlStatusRow>> {
  const rows = await controlTable();
  const byCode = new Map(rows.map((row) => [row.control.code, row]));
  expect(await read<ControlStatusRow[]>(`/api/tenants/${owner.tenantId}/controls`)).toEqual(rows);
  let compared = 0;
  for (const framework of FRAMEWORK_IDS) {
    const compliance = await read<ComplianceResponse>(
      `/api/compliance/${framework}?tenantId=${owner.tenantId}`,
    );
    for (const control of compliance.controls.flatMap((requirement) => requirement.controls)) {
      // Organizational controls pass on accepted evidence, which the Compliance page judges (and
      // evidence-requests.int.test.ts tests); the control table counts scanner checks only.
      if (getControl(control.code)?.evidencedBy === "evidence") continue;
      const row = byCode.get(control.code);
      expect(row, control.code).toBeDefined();
      expect({ code: control.code, status: dashboardStatus(row!) }).toEqual({
        code: control.code,
        status: control.status,
      });
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(20);
  for (const row of rows.filter((candidate) => TERRAFORM_CONTROLS.has(candidate.control.code))) {
    const modal = await read<ControlFindings>(
      `/api/controls/${row.control.code}/findings?tenantId=${owner.tenantId}`,
    );
    expect({ code: row.control.code, evaluated: modal.evaluated }).toEqual({
      code: row.control.code,
      evaluated: row.evaluated,
    });
  }
  return byCode;
}

describe("a control's verdict", () => {
  let passingBefore: ControlStatusRow[] = [];

  it("is the same on the dashboard and the Compliance page while every analyzer succeeds", async () => {
    const rows = await expectScreensAgree();
    passingBefore = [...rows.values()].filter((row) => row.evaluated && row.failures === 0);
    expect(passingBefore.some((row) => TERRAFORM_CONTROLS.has(row.control.code))).toBe(true);
    expect(passingBefore.some((row) => !TERRAFORM_CONTROLS.has(row.control.code))).toBe(true);
  });

  it("is the same on both when one repository's Terraform analyzer fails", async () => {
    await scanRepository(ctx, owner, brokenRepository);
    const rows = await expectScreensAgree();
    for (const before of passingBefore) {
      const after = rows.get(before.control.code)!;
      // The failed analyzer added no check: the counts stay those of the repository it read.
      if (TERRAFORM_CONTROLS.has(before.control.code))
        expect(after.passes, before.control.code).toBe(before.passes);
      expect({ code: before.control.code, evaluated: after.evaluated }).toEqual({
        code: before.control.code,
        // Unproven where a repository's Terraform could not be read; a control of other kinds
        // (secrets, code) still stands, though the broken repository has no code to check.
        evaluated: !TERRAFORM_CONTROLS.has(before.control.code),
      });
    }
    // A failure found stays a failure: the readable repository's open findings still count.
    expect(
      [...rows.values()].some((row) => TERRAFORM_CONTROLS.has(row.control.code) && row.failures > 0),
    ).toBe(true);
  });
});
