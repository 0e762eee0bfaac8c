// Explanations and fixes by the language model (fake OpenAI-compatible server): a fix is offered
// only when it applies to the finding's file at the scanned commit, the file still parses and a
// re-scan no longer reports the finding; otherwise the rule's own fix or guidance, labelled.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findings } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contentTurn, type FakeOpenAi, startFakeOpenAi } from "../../test/fake-openai.ts";
import { git } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { addLocalRepository, scanRepository } from "../../test/repository-with-run.ts";
import { SYSTEM_PROMPT } from "./untrusted.ts";

const RULE = "terraform/ecr-scan-on-push-disabled";
const MAIN_TF = `resource "aws_ecr_repository" "app" {
  name                 = "app"
  image_tag_mutability = "IMMUTABLE"

  image_scanning_configuration {
    scan_on_push = false
  }
}
`;

/** A diff of main.tf replacing line 6 (and optionally line 3) as a model would write it. */
function diff(lines: { line: number; before: string; after: string }[]): string {
  const body = MAIN_TF.split("\n").slice(0, 8);
  const hunk = body.map((text, index) => {
    const change = lines.find((item) => item.line === index + 1);
    return change ? `-${change.before}\n+${change.after}` : ` ${text}`;
  });
  return `--- a/main.tf\n+++ b/main.tf\n@@ -1,8 +1,8 @@\n${hunk.join("\n")}\n`;
}

const SCAN_ON = { line: 6, before: "    scan_on_push = false", after: "    scan_on_push = true" };

let ctx: TestContext;
let fake: FakeOpenAi;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let findingId: string;

const post = (url: string, payload: object, cookie = owner.cookie) =>
  ctx.app.inject({ method: "POST", url, payload, headers: { cookie } });
const generateFix = () => post("/api/fixes/generate", { findingId, findingType: "iac" });
const answerWith = (text: string) => {
  fake.script = () => contentTurn(text);
};

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-test-key-model-advisor" });
  const root = mkdtempSync(path.join(tmpdir(), "rampart-model-advisor-"));
  const repo = path.join(root, "registry");
  mkdirSync(repo);
  writeFileSync(path.join(repo, "main.tf"), MAIN_TF);
  git(repo, "init", "--quiet", "--initial-branch", "main");
  git(repo, "add", "--all");
  git(repo, "commit", "--quiet", "-m", "registry");
  ctx = await createTestContext({
    localRepositoryRoots: [root],
    services: {
      AI_BASE_URL: fake.url,
      AI_API_KEY: "sk-test-key-model-advisor",
      AI_MODEL: "fake-model-1",
      AI_MAX_RETRIES: 0,
      AI_TIMEOUT_SECONDS: 10,
    },
  });
  owner = await signUp(ctx.app, { tenantName: "Model Advisor Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await addLocalRepository(ctx, owner, repo);
  const runId = await scanRepository(ctx, owner);
  const [row] = await ctx.database.db
    .select()
    .from(findings)
    .where(and(eq(findings.runId, runId), eq(findings.ruleId, RULE)));
  if (!row) throw new Error(`no ${RULE} finding`);
  findingId = row.id;
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

beforeEach(() => {
  fake.requests.length = 0;
});

describe("POST /api/explain/finding with a language model", () => {
  it("falls back to the knowledge base when the answer is not the JSON asked for", async () => {
    answerWith("I would rather not say.");
    const response = await post("/api/explain/finding", { findingId });
    expect(response.json().source).toBe("knowledge-base");
  });

  it("falls back to the knowledge base when the provider is down", async () => {
    fake.script = () => ({ kind: "error", status: 503 });
    const response = await post("/api/explain/finding", { findingId });
    expect(response.statusCode).toBe(200);
    expect(response.json().source).toBe("knowledge-base");
    expect(response.json().recommendation.length).toBeGreaterThan(0);
  });

  it("is 404 for another tenant's user", async () => {
    answerWith('{"explanation":"x","impact":"y","recommendation":"z"}');
    const response = await post("/api/explain/finding", { findingId }, stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers from the model, the finding sent as delimited data", async () => {
    answerWith(
      'Here it is: {"explanation":"Images pushed to app are not scanned.","impact":"Vulnerable images go unnoticed.","recommendation":"Set scan_on_push = true."}',
    );
    const response = await post("/api/explain/finding", { findingId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      explanation: "Images pushed to app are not scanned.",
      impact: "Vulnerable images go unnoticed.",
      recommendation: "Set scan_on_push = true.",
      source: "language-model",
    });
    const sent = fake.requests[0]!;
    expect(sent.messages[0]).toMatchObject({ role: "system", content: SYSTEM_PROMPT });
    expect(sent.messages[1]!.content).toContain("<<<TOOL_DATA tool=data");
    expect(sent.messages[1]!.content).toContain(RULE);
    // Kept: asking again costs no model call.
    expect((await post("/api/explain/finding", { findingId })).json().source).toBe("language-model");
    expect(fake.requests).toHaveLength(1);
  });
});

describe("POST /api/fixes/generate with a language model", () => {
  it("shows the rule's fix or guidance, labelled, when the model's diff does not apply", async () => {
    answerWith(diff([{ line: 6, before: "    scan_on_push = maybe", after: "    scan_on_push = true" }]));
    const body = (await generateFix()).json();
    expect(body.source).toBe("knowledge-base");
    expect(body.note).toMatch(
      /not offered: it does not apply cleanly.*this is the rule's (own fix|guidance)/,
    );
    expect(body.aiGeneratedFix).not.toContain("scan_on_push = maybe");
  });

  it("refuses a fix that breaks parsing", async () => {
    answerWith(diff([{ ...SCAN_ON, after: "    scan_on_push = true {{" }]));
    const body = (await generateFix()).json();
    expect(body.source).toBe("knowledge-base");
    expect(body.note).toContain("the patched main.tf no longer parses");
  });

  it("refuses a fix that leaves the finding", async () => {
    answerWith(
      diff([{ line: 2, before: '  name                 = "app"', after: '  name                 = "app2"' }]),
    );
    const body = (await generateFix()).json();
    expect(body.source).toBe("knowledge-base");
    expect(body.note).toContain("still reports the finding");
  });

  it("refuses a fix that adds a finding", async () => {
    answerWith(
      diff([
        SCAN_ON,
        {
          line: 3,
          before: '  image_tag_mutability = "IMMUTABLE"',
          after: '  image_tag_mutability = "MUTABLE"',
        },
      ]),
    );
    const body = (await generateFix()).json();
    expect(body.source).toBe("knowledge-base");
    expect(body.note).toContain("reports new findings");
  });

  it("refuses an answer that is not a diff, or a diff of another file", async () => {
    answerWith("Just set scan_on_push to true.");
    expect((await generateFix()).json().note).toContain("was not a diff");
    answerWith(diff([SCAN_ON]).replaceAll("main.tf", "other.tf"));
    expect((await generateFix()).json().note).toContain("does not change main.tf alone");
  });

  it("uses the knowledge base when the provider is down", async () => {
    fake.script = () => ({ kind: "error", status: 500 });
    const body = (await generateFix()).json();
    expect(body.source).toBe("knowledge-base");
    expect(body.note).toContain("The language model service failed");
  });

  it("is 404 for another tenant's user", async () => {
    const response = await post("/api/fixes/generate", { findingId, findingType: "iac" }, stranger.cookie);
    expect(response.statusCode).toBe(404);
  });

  it("offers the model's fix once it applies, parses and the re-scan no longer reports the finding", async () => {
    const proposed = diff([SCAN_ON]);
    answerWith(`\`\`\`diff\n${proposed}\`\`\``);
    const response = await generateFix();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ aiGeneratedFix: proposed, isPatch: true, source: "language-model" });
    expect(body.note).toContain("re-scan no longer reports the finding");
    // The model was given the file at the scanned commit, as data.
    expect(fake.requests[0]!.messages[1]!.content).toContain("scan_on_push = false");
    // Kept: expanding the finding again costs no model call, checkout or re-scan.
    expect((await generateFix()).json()).toEqual(body);
    expect(fake.requests).toHaveLength(1);
  });
});
