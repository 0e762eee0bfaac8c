// The advisor chat's routes over a scripted advisor (the routes' contract with it is chat-types.ts):
// the server-sent stream and its markers, conversations kept per user and tenant, the tenant
// taken from the checked access, a disconnect aborting the answer, and refusals.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { Citation } from "@rampart/contracts/advisor";
import { memberships } from "@rampart/db/schema";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import type { AdvisorEvent, AskInput, ChatAdvisor } from "./chat-types.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let serverUrl: string;

const CITATION: Citation = {
  kind: "control",
  id: "CC6.1",
  label: "CC6.1 Logical access",
  href: "/controls?control=CC6.1",
};

/** What the scripted advisor does with the next question; every call is recorded. */
let script: (input: AskInput) => AsyncIterable<AdvisorEvent>;
const calls: AskInput[] = [];
const advisor: ChatAdvisor = {
  ask(input) {
    calls.push(input);
    return script(input);
  },
  async suggestedQuestions(tenantId) {
    return ["one", "two", "three", "four", "five", "six"].map((word) => `${word} for ${tenantId}`);
  },
};

async function* answering(...events: AdvisorEvent[]): AsyncIterable<AdvisorEvent> {
  for (const event of events) yield event;
}

const newConversationId = () => randomBytes(16).toString("base64url").slice(0, 21);

function ask(user: { cookie: string }, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/narrator/ask",
    headers: { cookie: user.cookie },
    payload: body,
  });
}

/** The `data:` payloads of a stream, in order. */
function dataLines(body: string): string[] {
  return body
    .split("\n\n")
    .filter((event) => event.length > 0)
    .map((event) => {
      expect(event.startsWith("data: "), event).toBe(true);
      return event.slice("data: ".length);
    });
}

beforeAll(async () => {
  ctx = await createTestContext({ chatAdvisor: advisor });
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
  serverUrl = `http://127.0.0.1:${address.port}`;
}, 60_000);
afterAll(() => ctx.close());
beforeEach(() => {
  calls.length = 0;
});

describe("POST /api/narrator/ask", () => {
  it("streams the answer as data lines of JSON, then who answered and [DONE], and keeps the conversation", async () => {
    script = () =>
      answering(
        { type: "content", content: "CC6.1 fails because " },
        { type: "citations", citations: [CITATION] },
        { type: "content", content: "two findings are open." },
        { type: "done", answeredBy: "knowledge base" },
      );
    const conversationId = newConversationId();
    const response = await ask(owner, {
      question: "  Why does CC6.1 fail?  ",
      tenantId: owner.tenantId,
      conversationId,
      stream: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
    const lines = dataLines(response.body);
    expect(lines.at(-1)).toBe("[DONE]");
    const events = lines.slice(0, -1).map((line) => JSON.parse(line));
    expect(events).toEqual([
      { content: "CC6.1 fails because " },
      { content: "", citations: [CITATION] },
      { content: "two findings are open." },
      { content: "", answeredBy: "knowledge base" },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      tenantId: owner.tenantId,
      userId: owner.userId,
      question: "Why does CC6.1 fail?",
      history: [],
    });

    const list = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/conversations`,
      headers: { cookie: owner.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ id: conversationId, title: "Why does CC6.1 fail?", messageCount: 2 }),
    );
    const conversation = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/conversations/${conversationId}`,
      headers: { cookie: owner.cookie },
    });
    expect(conversation.statusCode).toBe(200);
    expect(conversation.json().messages).toEqual([
      expect.objectContaining({
        role: "user",
        content: "Why does CC6.1 fail?",
        citations: [],
        answeredBy: null,
      }),
      expect.objectContaining({
        role: "assistant",
        content: "CC6.1 fails because two findings are open.",
        citations: [CITATION],
        answeredBy: "knowledge base",
      }),
    ]);
  });

  it("gives the advisor the conversation so far, without answers that failed", async () => {
    const conversationId = newConversationId();
    const body = { tenantId: owner.tenantId, conversationId, stream: true };
    script = () =>
      answering({ type: "content", content: "Three risks." }, { type: "done", answeredBy: "m-1" });
    await ask(owner, { ...body, question: "What are my top risks?" });
    script = () => answering({ type: "error", message: "The provider is unavailable" });
    await ask(owner, { ...body, question: "And the second?" });
    script = () => answering({ type: "content", content: "Fine." }, { type: "done", answeredBy: "m-1" });
    await ask(owner, { ...body, question: "And the third?" });
    expect(calls.at(-1)?.history).toEqual([
      { role: "user", content: "What are my top risks?" },
      { role: "assistant", content: "Three risks." },
      { role: "user", content: "And the second?" },
    ]);
  });

  it("ends with the reason and [ERROR] when the advisor fails, and keeps the message the user saw", async () => {
    const conversationId = newConversationId();
    script = () =>
      answering(
        { type: "content", content: "Partly" },
        { type: "error", message: "The token budget is spent" },
      );
    const response = await ask(owner, {
      question: "Are we ready for SOC 2?",
      tenantId: owner.tenantId,
      conversationId,
      stream: true,
    });
    expect(response.statusCode).toBe(200);
    const lines = dataLines(response.body);
    expect(lines.slice(-2)).toEqual([
      JSON.stringify({ content: "", error: "The token budget is spent" }),
      "[ERROR]",
    ]);
    const conversation = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/conversations/${conversationId}`,
      headers: { cookie: owner.cookie },
    });
    expect(conversation.json().messages.at(-1)).toMatchObject({
      role: "assistant",
      content: "I encountered an error: The token budget is spent. Please try again.",
      answeredBy: null,
    });
  });

  it("never shows the words of an advisor that throws", async () => {
    script = () => ({
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(new Error("ECONNREFUSED 10.0.0.7:443 api key sk-secret")),
      }),
    });
    const response = await ask(owner, {
      question: "Hello?",
      tenantId: owner.tenantId,
      conversationId: newConversationId(),
      stream: true,
    });
    expect(dataLines(response.body).slice(-2)).toEqual([
      JSON.stringify({ content: "", error: "The advisor failed to answer" }),
      "[ERROR]",
    ]);
    expect(response.body).not.toContain("sk-secret");
  });

  it("aborts the advisor when the client disconnects", async () => {
    let signal: AbortSignal | undefined;
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    script = (input) => {
      signal = input.signal;
      return (async function* (): AsyncIterable<AdvisorEvent> {
        yield { type: "content", content: "Thinking" };
        release();
        await new Promise((resolve) => input.signal.addEventListener("abort", resolve));
      })();
    };
    // A plain socket, destroyed mid-answer as a closed browser tab would.
    const request = http.request(`${serverUrl}/api/narrator/ask`, {
      method: "POST",
      headers: { cookie: owner.cookie, "content-type": "application/json" },
    });
    request.end(
      JSON.stringify({
        question: "Long answer please",
        tenantId: owner.tenantId,
        conversationId: newConversationId(),
        stream: true,
      }),
    );
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on("response", resolve));
    expect(response.statusCode).toBe(200);
    const first = await new Promise<string>((resolve) =>
      response.once("data", (chunk) => resolve(String(chunk))),
    );
    expect(first).toBe('data: {"content":"Thinking"}\n\n');
    await started;
    request.destroy();
    for (let wait = 0; !signal?.aborted && wait < 100; wait++) await new Promise((r) => setTimeout(r, 20));
    expect(signal?.aborted).toBe(true);
  });
});

describe("refusals", () => {
  const body = () => ({
    question: "Why?",
    tenantId: owner.tenantId,
    conversationId: newConversationId(),
    stream: true,
  });

  it("refuses a blank question, a malformed conversation id, a missing stream flag and unknown fields", async () => {
    for (const [payload, message] of [
      [{ ...body(), question: "   " }, "Ask a question"],
      [{ ...body(), conversationId: "short" }, "conversationId must be 21 characters"],
      [{ ...body(), stream: false }, undefined],
      [{ ...body(), model: "gpt-4" }, undefined],
      [{ ...body(), question: "x".repeat(4001) }, undefined],
    ] as const) {
      const response = await ask(owner, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(typeof response.json().error).toBe("string");
      if (message) expect(response.json().error).toContain(message);
    }
    expect(calls).toEqual([]);
  });

  it("answers 404 to another tenant's user, and another user's conversation is not found in the same tenant", async () => {
    script = () =>
      answering({ type: "content", content: "Mine." }, { type: "done", answeredBy: "knowledge base" });
    const mine = body();
    expect((await ask(owner, mine)).statusCode).toBe(200);

    const theirs = await ask(stranger, mine);
    expect(theirs.statusCode).toBe(404);
    for (const url of [
      `/api/tenants/${owner.tenantId}/conversations`,
      `/api/tenants/${owner.tenantId}/conversations/${mine.conversationId}`,
      `/api/tenants/${owner.tenantId}/advisor/suggestions`,
    ]) {
      const response = await ctx.app.inject({ url, headers: { cookie: stranger.cookie } });
      expect(response.statusCode, url).toBe(404);
    }
    // The same id in one's own tenant is one's own, new conversation.
    const own = await ask(stranger, { ...mine, tenantId: stranger.tenantId });
    expect(own.statusCode).toBe(200);
    expect(calls.at(-1)).toMatchObject({ tenantId: stranger.tenantId, history: [] });

    const colleague = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: colleague.userId, tenantId: owner.tenantId, role: "member" });
    const read = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/conversations/${mine.conversationId}`,
      headers: { cookie: colleague.cookie },
    });
    expect(read.statusCode).toBe(404);
    expect(read.json().error).toBe("Conversation not found");
    const list = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/conversations`,
      headers: { cookie: colleague.cookie },
    });
    expect(list.json()).toEqual([]);
  });

  it("answers 403 to an auditor: the advisor reads working data", async () => {
    const auditor = await signUp(ctx.app);
    await ctx.database.db
      .insert(memberships)
      .values({ userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" });
    expect((await ask(auditor, body())).statusCode).toBe(403);
    expect(calls).toEqual([]);
  });
});

describe("GET /api/tenants/{tenantId}/advisor/suggestions", () => {
  it("offers at most five questions, for the tenant asked about", async () => {
    const response = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/advisor/suggestions`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().questions).toEqual(
      ["one", "two", "three", "four", "five"].map((word) => `${word} for ${owner.tenantId}`),
    );
  });
});
