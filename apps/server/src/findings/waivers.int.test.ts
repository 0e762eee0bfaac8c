// A decision (a waiver, a revocation, VEX statements) and the re-evaluation of the latest runs it
// causes land together or not at all.
import { rmSync } from "node:fs";
import { waivers } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let root: string;
let runId: string;

beforeAll(async () => {
  const repository = sampleRepository("payments-api", "01-initial");
  root = repository.root;
  ctx = await createTestContext({ localRepositoryRoots: [root] });
  owner = await signUp(ctx.app);
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url, payload, headers: { cookie: owner.cookie } });
  await post(`/api/tenants/${owner.tenantId}/repositories`, { location: repository.path, name: "acme/app" });
  runId = (await post("/api/runs/trigger", { tenantId: owner.tenantId, repo: "acme/app" })).json().runId;
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(root, { recursive: true, force: true });
});

describe("a waiver decision", () => {
  it("is rolled back when re-evaluating the latest runs fails", async () => {
    const failing = asTenant(owner.tenantId, () =>
      ctx.services.waivers.decide(
        owner.tenantId,
        (tx) =>
          tx.insert(waivers).values({
            tenantId: owner.tenantId,
            scope: "rule",
            ruleId: "terraform/unencrypted-rds-instance",
            reason: "never stored",
            authorEmail: owner.email,
          }),
        async (_tx, id) => {
          expect(id).toBe(runId);
          throw new Error("the re-evaluation failed");
        },
      ),
    );
    await expect(failing).rejects.toThrow("the re-evaluation failed");
    expect(await ctx.database.db.select().from(waivers).where(eq(waivers.tenantId, owner.tenantId))).toEqual(
      [],
    );
  });
});
