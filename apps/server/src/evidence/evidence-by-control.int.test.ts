import type { EvidenceArtifact } from "@rampart/contracts/evidence";
import { controlResults, findings } from "@rampart/db/schema";
import { listControls } from "@rampart/policy";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let runId: string;
let evaluated: string;
let notEvaluated: string;

beforeAll(async () => {
  const { root, path: repo } = sampleRepository("ml-pipeline", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app);
  stranger = await signUp(ctx.app);
  await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/repositories`,
    headers: { cookie: owner.cookie },
    payload: { location: repo },
  });
  const scan = await ctx.app.inject({
    method: "POST",
    url: "/api/runs/trigger",
    headers: { cookie: owner.cookie },
    payload: { tenantId: owner.tenantId },
  });
  if (scan.statusCode !== 200) throw new Error(scan.body);

  const results = await ctx.database.db
    .select()
    .from(controlResults)
    .where(eq(controlResults.tenantId, owner.tenantId));
  runId = results[0]!.runId;
  const codes = new Set(results.map((row) => row.controlCode));
  evaluated = results[0]!.controlCode;
  notEvaluated = listControls().find((control) => !codes.has(control.code))!.code;
}, 120_000);
afterAll(() => ctx.close());

const list = async (query: string, cookie = owner.cookie) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/tenants/${owner.tenantId}/evidence?${query}`,
    headers: { cookie },
  });
const artifactsOf = async (query: string) =>
  ((await list(query)).json() as { artifacts: EvidenceArtifact[] }).artifacts;

describe("evidence filtered by control", () => {
  it("lists the run and finding batch of a run that evaluated the control, and nothing for one it did not", async () => {
    // An artifact of no run (an attestation covers every control) must not count for one.
    const attestation = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/attestations`,
      headers: { cookie: owner.cookie },
    });
    expect(attestation.statusCode).toBe(201);
    const all = await artifactsOf("limit=100");
    expect(all.map((artifact) => artifact.artifactType).sort()).toEqual(["attestation", "finding", "run"]);

    const ofControl = await artifactsOf(`control=${evaluated}`);
    expect(ofControl.map((artifact) => artifact.artifactType).sort()).toEqual(["finding", "run"]);
    expect(ofControl.every((artifact) => artifact.runId === runId)).toBe(true);
    expect(ofControl.map((artifact) => artifact.index)).toEqual(
      [...ofControl.map((artifact) => artifact.index)].sort((a, b) => b - a),
    );
    expect((await artifactsOf(`control=${evaluated}&type=run`)).map((a) => a.artifactType)).toEqual(["run"]);

    const response = await list(`control=${notEvaluated}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().artifacts).toEqual([]);
    // The chain's status counts the whole chain, filter or not: one run among its three entries.
    expect(response.json().chain).toMatchObject({ totalRuns: 1, chainLength: all.length });
  });

  it("counts a fix PR under the control of the finding it fixes", async () => {
    const [finding] = await ctx.database.db
      .select()
      .from(findings)
      .where(eq(findings.tenantId, owner.tenantId))
      .limit(1);
    const otherControl = listControls().find((control) => control.code !== finding!.controlCode)!.code;
    await ctx.database.db.transaction((tx) =>
      ctx.services.ledger.append(tx, {
        tenantId: owner.tenantId,
        artifactType: "fix_pr",
        runId: finding!.runId,
        content: { kind: "fix-pull-request", findingId: finding!.id, ruleId: finding!.ruleId },
      }),
    );
    const fixes = await artifactsOf(`control=${finding!.controlCode}&type=fix_pr`);
    expect(fixes).toHaveLength(1);
    expect(await artifactsOf(`control=${otherControl}&type=fix_pr`)).toEqual([]);
  });

  it("counts a fix PR under every control the finding's rule evidences, not only the first", async () => {
    const [finding] = await ctx.database.db
      .select()
      .from(findings)
      .where(
        and(
          eq(findings.tenantId, owner.tenantId),
          sql`jsonb_array_length(${findings.metadata} -> 'controls') > 1`,
        ),
      )
      .limit(1);
    const [, second] = (finding!.metadata as { controls: string[] }).controls;
    const fix = await ctx.database.db.transaction((tx) =>
      ctx.services.ledger.append(tx, {
        tenantId: owner.tenantId,
        artifactType: "fix_pr",
        runId: finding!.runId,
        content: { kind: "fix-pull-request", findingId: finding!.id, ruleId: finding!.ruleId },
      }),
    );
    const fixes = await artifactsOf(`control=${second}&type=fix_pr`);
    expect(fixes.map((artifact) => artifact.id)).toContain(fix.id);
  });

  it("answers 400 to a malformed or unknown control code and 404 to another tenant's user", async () => {
    for (const control of ["iac-enc-01", "A", "IAC ENC 01", "NOPE-99"]) {
      const response = await list(`control=${encodeURIComponent(control)}`);
      expect(response.statusCode, control).toBe(400);
      expect(response.json().error).toMatch(/^control: /);
    }
    expect((await list(`control=${evaluated}`, stranger.cookie)).statusCode).toBe(404);
  });
});
