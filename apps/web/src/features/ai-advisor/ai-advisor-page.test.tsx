import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TENANT_ID } from "../../test/fixtures";
import { type FetchReply, renderWithProviders, stubFetch, TEST_USER, testTenant } from "../../test/render";
import { AiAdvisorPage } from "./ai-advisor-page";
import { splitEvents } from "./api/ask-advisor";

const BASE = `/api/tenants/${TENANT_ID}`;
const QUESTIONS = [
  "What are my top risks?",
  "Why does CC6.1 fail?",
  "What changed since last week?",
  "How do I fix the open S3 bucket?",
  "Are we ready for SOC 2?",
];
const sse = (...lines: string[]) => lines.map((line) => `data: ${line}\n\n`).join("");

/** The page's API, with POST /api/narrator/ask answered by `ask` (a body, or a stream to control). */
function stubAdvisor(
  ask: (body: Record<string, unknown>) => Response,
  extra: Record<string, FetchReply> = {},
) {
  const asked: Record<string, unknown>[] = [];
  const base = stubFetch({
    "GET /api/auth/me": { body: { user: TEST_USER } },
    "GET /api/tenants": { body: [testTenant({ id: TENANT_ID, name: "Acme Corp" })] },
    [`GET ${BASE}`]: { body: testTenant({ id: TENANT_ID, name: "Acme Corp" }) },
    [`GET ${BASE}/conversations`]: { body: [] },
    [`GET ${BASE}/advisor/suggestions`]: { body: { questions: QUESTIONS } },
    ...extra,
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) !== "/api/narrator/ask") return base(input, init);
    const body = JSON.parse(String(init.body));
    asked.push(body);
    return ask(body);
  });
  return asked;
}

/** A stream the test writes to line by line. */
function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { "content-type": "text/event-stream" } }),
    send: (line: string) => controller.enqueue(encoder.encode(`data: ${line}\n\n`)),
    close: () => controller.close(),
  };
}

describe("AiAdvisorPage", () => {
  it("offers the five suggested questions in a chat area of 500 px and blocks sending a blank question", async () => {
    stubAdvisor(() => new Response(sse("[DONE]")));
    renderWithProviders(<AiAdvisorPage />);
    const suggested = await screen.findByRole("list", { name: "Suggested questions" });
    expect(
      within(suggested)
        .getAllByRole("button")
        .map((button) => button.textContent),
    ).toEqual(QUESTIONS);
    expect(screen.getByTestId("chat-area").style.height).toBe("500px");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await userEvent.type(screen.getByRole("textbox", { name: "Your question" }), "   ");
    expect(send).toBeDisabled();
  });

  it("streams the answer into the chat with its sources and who answered, and blocks sending meanwhile", async () => {
    const stream = controlledStream();
    const asked = stubAdvisor(() => stream.response);
    renderWithProviders(<AiAdvisorPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Why does CC6.1 fail?" }));

    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ question: "Why does CC6.1 fail?", tenantId: TENANT_ID, stream: true });
    expect(asked[0]?.conversationId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    const input = screen.getByRole("textbox", { name: "Your question" });
    await userEvent.type(input, "And then?");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();

    stream.send(JSON.stringify({ content: "CC6.1 fails because " }));
    expect(await screen.findByText(/CC6\.1 fails because/)).toBeInTheDocument();
    stream.send(
      JSON.stringify({
        content: "",
        citations: [
          { kind: "control", id: "CC6.1", label: "CC6.1 Logical access", href: "/controls?control=CC6.1" },
        ],
      }),
    );
    stream.send(JSON.stringify({ content: "two findings are open." }));
    stream.send(JSON.stringify({ content: "", answeredBy: "knowledge base" }));
    stream.send("[DONE]");
    stream.close();

    expect(await screen.findByText("CC6.1 fails because two findings are open.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "CC6.1 Logical access" })).toHaveAttribute(
      "href",
      "/controls?control=CC6.1",
    );
    expect(screen.getByText("Answered by knowledge base")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
  });

  it.each([
    [
      "the server's reason with [ERROR]",
      () => new Response(sse(JSON.stringify({ content: "", error: "The token budget is spent" }), "[ERROR]")),
      "The token budget is spent",
    ],
    ["a bare [ERROR]", () => new Response(sse("[ERROR]")), "Streaming error occurred"],
    [
      "a stream cut before its end marker",
      () => new Response(sse(JSON.stringify({ content: "Half" }))),
      "Streaming error occurred",
    ],
    ["a failed request", () => new Response("", { status: 502 }), "Failed to get response"],
    [
      "a refusal with the server's reason",
      () =>
        new Response(JSON.stringify({ error: "Wait for the answer in progress before asking again" }), {
          status: 429,
        }),
      "Wait for the answer in progress before asking again",
    ],
  ])("shows 'I encountered an error' for %s", async (_case, ask, message) => {
    stubAdvisor(ask);
    renderWithProviders(<AiAdvisorPage />);
    await userEvent.type(
      await screen.findByRole("textbox", { name: "Your question" }),
      "Are we ready?{Enter}",
    );
    expect(
      await screen.findByText(`I encountered an error: ${message}. Please try again.`),
    ).toBeInTheDocument();
    expect(screen.getByText("Are we ready?")).toBeInTheDocument();
  });

  it("lists earlier conversations and opens one with its messages", async () => {
    stubAdvisor(() => new Response(sse("[DONE]")), {
      [`GET ${BASE}/conversations`]: {
        body: [
          { id: "A".repeat(21), title: "Top risks", updatedAt: "2026-01-02T00:00:00.000Z", messageCount: 2 },
        ],
      },
      [`GET ${BASE}/conversations/${"A".repeat(21)}`]: {
        body: {
          id: "A".repeat(21),
          title: "Top risks",
          updatedAt: "2026-01-02T00:00:00.000Z",
          messageCount: 2,
          messages: [
            {
              id: "00000000-0000-4000-8000-000000000001",
              role: "user",
              content: "Top risks?",
              citations: [],
              answeredBy: null,
              timestamp: "2026-01-02T00:00:00.000Z",
            },
            {
              id: "00000000-0000-4000-8000-000000000002",
              role: "assistant",
              content: "Public buckets.",
              citations: [],
              answeredBy: "gpt-test",
              timestamp: "2026-01-02T00:00:01.000Z",
            },
          ],
        },
      },
    });
    renderWithProviders(<AiAdvisorPage />);
    const list = await screen.findByRole("list", { name: "Conversations" });
    await userEvent.click(within(list).getByRole("button", { name: "Top risks" }));
    expect(await screen.findByText("Public buckets.")).toBeInTheDocument();
    expect(screen.getByText("Top risks?")).toBeInTheDocument();
    expect(screen.getByText("Answered by gpt-test")).toBeInTheDocument();
  });
});

describe("splitEvents", () => {
  it("keeps an event cut between chunks for the next one", () => {
    expect(splitEvents('data: {"content":"a"}\n\ndata: {"con')).toEqual({
      events: ['{"content":"a"}'],
      rest: 'data: {"con',
    });
    expect(splitEvents('data: {"content":"b"}\r\n\r\ndata: [DONE]\n\n')).toEqual({
      events: ['{"content":"b"}', "[DONE]"],
      rest: "",
    });
  });
});
