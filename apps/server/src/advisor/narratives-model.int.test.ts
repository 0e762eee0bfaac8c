// The dashboard's narrative and CISO snapshot written by the language model (fake OpenAI server):
// grounded in the facts, cached per tenant and data version, the templates otherwise; the spec's
// confidence stays 85 whoever writes; the environment analysis reads the environments' drift.
import { environments } from "@rampart/db/schema";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentTurn, type FakeOpenAi, startFakeOpenAi } from "../../test/fake-openai.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { insertRepositoryWithRun } from "../../test/repository-with-run.ts";
import type { FindingRecord } from "../runs/run-record.ts";

const finding: FindingRecord = {
  ruleId: "terraform/s3-bucket-without-encryption-configuration",
  analyzer: "terraform",
  controlCode: "IAC-ENC-01",
  severity: "high",
  status: "fail",
  message: "S3 bucket has no encryption configuration",
  filePath: "infra/s3.tf",
  line: 3,
  fingerprint: "fp-narrator-1",
  waiverId: null,
  metadata: {},
};

const MODEL_ANSWER = {
  narrative: "Posture is holding across 2 environments, with 1 of them drifted.",
  postureAnalysis: "There is no earlier run to compare with.",
  remediationAnalysis: "Nothing was fixed in the period.",
  environmentAnalysis: "1 environment drifted from its declared state; 1 is in sync.",
  topRisks: ["Unencrypted S3 bucket storage is the top risk."],
};

let ctx: TestContext;
let fake: FakeOpenAi;

/** A tenant with one run, one drifted and one in-sync environment. */
async function tenantWithData(name: string) {
  const user = await signUp(ctx.app, { tenantName: name });
  await insertRepositoryWithRun(ctx, user.tenantId, [finding]);
  await ctx.database.db.insert(environments).values([
    {
      tenantId: user.tenantId,
      name: "prod",
      driftState: "drift_detected",
      driftStats: {
        total: 3,
        missing_resource: 1,
        unexpected_resource: 0,
        config_change: 2,
        securityRelevant: 2,
      },
    },
    {
      tenantId: user.tenantId,
      name: "staging",
      driftState: "in_sync",
      driftStats: {
        total: 0,
        missing_resource: 0,
        unexpected_resource: 0,
        config_change: 0,
        securityRelevant: 0,
      },
    },
  ]);
  return user;
}

const summary = async (user: { tenantId: string; cookie: string }) => {
  const response = await ctx.app.inject({
    url: `/api/tenants/${user.tenantId}/summary`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-test-key-narrator" });
  ctx = await createTestContext({
    services: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "sk-test-key-narrator",
      AI_MODEL: "fake-model-1",
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

describe("the dashboard's narratives with a language model", () => {
  it("are the model's when grounded in the facts, and cached per tenant and data version", async () => {
    const user = await tenantWithData("Narrated Org");
    fake.script = () => contentTurn(JSON.stringify(MODEL_ANSWER));
    const first = await summary(user);
    expect(first.narrative).toMatchObject({ text: MODEL_ANSWER.narrative, confidence: 85 });
    expect(first.cisoSnapshot).toMatchObject({
      postureAnalysis: MODEL_ANSWER.postureAnalysis,
      remediationAnalysis: MODEL_ANSWER.remediationAnalysis,
      environmentAnalysis: MODEL_ANSWER.environmentAnalysis,
      topRisks: MODEL_ANSWER.topRisks,
    });
    expect(fake.requests).toHaveLength(1);
    // The facts are sent as data, the environments' drift among them.
    const sent = fake.requests[0]!.messages[1]!.content ?? "";
    expect(sent).toContain("<<<TOOL_DATA");
    expect(sent).toContain('"drifted":1');
    expect(sent).toContain('"securityRelevantDrift":2');

    await summary(user);
    expect(fake.requests).toHaveLength(1);

    // New data is a new version: the model is asked again.
    await ctx.database.db.insert(environments).values({ tenantId: user.tenantId, name: "dev" });
    await summary(user);
    expect(fake.requests).toHaveLength(2);
  });

  it("fall back to the templates when the model names figures that are not in the data", async () => {
    const user = await tenantWithData("Invented Figures Org");
    fake.script = () =>
      contentTurn(JSON.stringify({ ...MODEL_ANSWER, narrative: "Posture is at 99.9% and rising." }));
    const body = await summary(user);
    expect(body.narrative.text).toMatch(/^Security posture /);
    expect(body.narrative.confidence).toBe(85);
    expect(body.cisoSnapshot.environmentAnalysis).toMatch(
      /^1 repository is scanned \(\d+ runs? in total\); of 2 environments, 1 drifted from their declared state \(3 resources, 2 security-relevant\), 1 in sync\.$/,
    );
  });

  it("fall back to the templates when the provider is down, and do not ask again on every load", async () => {
    const user = await tenantWithData("Provider Down Org");
    fake.script = () => ({ kind: "error", status: 503 });
    const body = await summary(user);
    expect(body.narrative.text).toMatch(/^Security posture /);
    expect(body.cisoSnapshot.topRisks[0]).toMatch(/score/);
    await summary(user);
    expect(fake.requests).toHaveLength(1);
  });
});
