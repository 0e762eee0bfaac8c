// The page narrators (GET /api/tenants/{tenantId}/narratives/{runs|evidence|compliance}): the
// templates without a model, the model's sentence when it is grounded in the page's figures (fake
// OpenAI server), the spec's fixed confidences and trends whoever writes, the page's filters and
// bad input, and another tenant's user refused with 404.
import { policyRuns } from "@rampart/db/schema";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentTurn, type FakeOpenAi, startFakeOpenAi } from "../../test/fake-openai.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { insertRepositoryWithRun } from "../../test/repository-with-run.ts";

type Caller = { tenantId: string; cookie: string };

/** A tenant with `failed` failed runs and one passed run, and `blocks` evidence blocks. */
async function tenantWithRuns(ctx: TestContext, name: string, failed: number, blocks = 0) {
  const user = await signUp(ctx.app, { tenantName: name });
  const { repository, run } = await insertRepositoryWithRun(ctx, user.tenantId);
  const more = Array.from({ length: failed }, (_, index) => ({
    ...run,
    id: undefined,
    createdAt: undefined,
    status: index === 0 ? ("pass" as const) : ("fail" as const),
    repositoryId: repository.id,
  }));
  if (more.length > 0)
    await ctx.database.db.insert(policyRuns).values(more.map(({ id, createdAt, ...row }) => row));
  for (let index = 0; index < blocks; index++) {
    await ctx.database.db.transaction((tx) =>
      ctx.services.ledger.append(tx, { tenantId: user.tenantId, artifactType: "run", content: { index } }),
    );
  }
  return user;
}

const get = (ctx: TestContext, caller: Caller, path: string) =>
  ctx.app.inject({
    url: `/api/tenants/${caller.tenantId}/narratives/${path}`,
    headers: { cookie: caller.cookie },
  });

describe("page narrators without a model", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 60_000);
  afterAll(() => ctx?.close());

  it("speak of every run the filters match, with confidence 85, down past 3 failures", async () => {
    // 1 + 4 runs: the first inserted run failed, then 1 passed and 3 more failed.
    const user = await tenantWithRuns(ctx, "Runs Narrated Org", 4);
    const all = await get(ctx, user, "runs");
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({
      summary:
        "5 policy runs match: 1 passed, 4 failed; failures are piling up, review the failed runs first.",
      confidence: 85,
      trend: "down",
      source: "templates",
    });
    const passed = (await get(ctx, user, "runs?status=pass")).json();
    expect(passed).toMatchObject({ summary: "1 policy run match: 1 passed, 0 failed.", trend: "stable" });
    const none = (await get(ctx, user, "runs?repo=nothing-like-it")).json();
    expect(none.summary).toBe("No policy runs match these filters.");
  });

  it("count the ledger's blocks with confidence 95 and no trend", async () => {
    const user = await tenantWithRuns(ctx, "Evidence Narrated Org", 0, 3);
    const empty = await tenantWithRuns(ctx, "Empty Ledger Org", 0);
    expect((await get(ctx, empty, "evidence")).json()).toEqual({
      summary: "The ledger has no evidence blocks to show yet.",
      confidence: 95,
      trend: null,
      source: "templates",
    });
    const shown = await get(ctx, user, "evidence?limit=2");
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().summary).toBe(
      "3 blocks in the ledger; the newest 2 shown. The chain has not been verified yet.",
    );
    await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${user.tenantId}/evidence/verify`,
      headers: { cookie: user.cookie },
    });
    expect((await get(ctx, user, "evidence")).json().summary).toBe(
      "3 blocks in the ledger; the newest 3 shown. Every block verified intact 0 mins ago.",
    );
  });

  it("give compliance percent + 10 as confidence, capped at 95", async () => {
    const user = await tenantWithRuns(ctx, "Compliance Narrated Org", 0);
    const response = await get(ctx, user, "compliance?frameworkId=soc2");
    expect(response.statusCode, response.body).toBe(200);
    const compliance = await ctx.app.inject({
      url: `/api/compliance/soc2?tenantId=${user.tenantId}`,
      headers: { cookie: user.cookie },
    });
    const { framework, compliance: summary } = compliance.json();
    const body = response.json();
    expect(body.confidence).toBe(Math.min(95, summary.compliancePercentage + 10));
    expect(body.summary).toMatch(
      new RegExp(
        `^${framework.name}: ${Math.round(summary.compliancePercentage)}% compliant\\. Of ${summary.totalControls} requirements, `,
      ),
    );
    expect(body.trend).toMatch(/^(up|down|stable)$/);
  });

  it("refuse bad input with a message, and another tenant's user with 404", async () => {
    const owner = await tenantWithRuns(ctx, "Owner Narrated Org", 0, 1);
    const stranger = await signUp(ctx.app, { tenantName: "Stranger Narrated Org" });
    for (const path of ["runs", "evidence", "compliance?frameworkId=soc2"]) {
      const foreign = await get(ctx, { ...stranger, tenantId: owner.tenantId }, path);
      expect(foreign.statusCode, path).toBe(404);
      expect(foreign.body).not.toContain("Owner Narrated Org");
    }
    const unknownFramework = await get(ctx, owner, "compliance?frameworkId=nope");
    expect(unknownFramework.statusCode).toBe(404);
    expect(unknownFramework.json().error).toBe("Framework not found");
    expect((await get(ctx, owner, "compliance")).statusCode).toBe(400);
    const badControl = await get(ctx, owner, "evidence?control=NOT-A-CONTROL");
    expect(badControl.statusCode).toBe(400);
    expect(badControl.json().error).toMatch(/unknown control/);
    expect((await get(ctx, owner, "runs?status=maybe")).statusCode).toBe(400);
  });
});

describe("page narrators with a language model", () => {
  let ctx: TestContext;
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: "sk-test-key-pages" });
    ctx = await createTestContext({
      services: {
        AI_BASE_URL: fake.url,
        AI_API_KEY: "sk-test-key-pages",
        AI_MODEL: "fake-model-pages",
        AI_MAX_RETRIES: 0,
        AI_TIMEOUT_SECONDS: 10,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await ctx?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it("use the model's grounded sentence, keep the fixed confidence, and ask once per data version", async () => {
    const user = await tenantWithRuns(ctx, "Model Runs Org", 4);
    const sentence = "Of 5 runs, 4 failed: failures dominate and need review.";
    fake.script = () => contentTurn(JSON.stringify({ summary: sentence }));
    const first = await get(ctx, user, "runs");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      summary: sentence,
      confidence: 85,
      trend: "down",
      source: "fake-model-pages",
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!.messages[1]!.content ?? "";
    expect(sent).toContain("<<<TOOL_DATA");
    expect(sent).toContain('"runsMatchingFilters":5');
    await get(ctx, user, "runs");
    expect(fake.requests).toHaveLength(1);
    // Other filters are other figures: asked again.
    await get(ctx, user, "runs?status=fail");
    expect(fake.requests).toHaveLength(2);
  });

  it("fall back to the templates when the model names figures not on the page", async () => {
    const user = await tenantWithRuns(ctx, "Model Invents Org", 0, 2);
    fake.script = () => contentTurn(JSON.stringify({ summary: "All 12 blocks are intact at 99%." }));
    const body = (await get(ctx, user, "evidence")).json();
    expect(body).toEqual({
      summary: "2 blocks in the ledger; the newest 2 shown. The chain has not been verified yet.",
      confidence: 95,
      trend: null,
      source: "templates",
    });
  });

  it("fall back to the templates when the provider is down", async () => {
    const user = await tenantWithRuns(ctx, "Model Down Org", 0);
    fake.script = () => ({ kind: "error", status: 503 });
    const body = (await get(ctx, user, "compliance?frameworkId=soc2")).json();
    expect(body.source).toBe("templates");
    expect(body.summary).toMatch(/% compliant\. Of \d+ requirements/);
  });
});
