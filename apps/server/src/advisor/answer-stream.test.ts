// streamAnswer: whatever the advisor does, the stream ends with one marker and a readable reason.
import { describe, expect, it } from "vitest";
import {
  ANSWER_CUT_SHORT,
  ANSWER_TOO_LONG,
  ANSWER_TOO_SLOW,
  type AnswerLimits,
  DEFAULT_ANSWER_LIMITS,
  streamAnswer,
} from "./answer-stream.ts";
import type { AdvisorEvent, AskInput, ChatAdvisor } from "./chat-types.ts";

const input = { tenantId: "t", userId: "u", question: "q", history: [] };

function advisorOf(ask: (input: AskInput) => AsyncIterable<AdvisorEvent>): ChatAdvisor {
  return { ask, suggestedQuestions: async () => [] };
}

async function run(
  ask: (input: AskInput) => AsyncIterable<AdvisorEvent>,
  options: { limits?: Partial<AnswerLimits>; clientGone?: AbortSignal } = {},
) {
  const lines: string[] = [];
  const answer = await streamAnswer({
    advisor: advisorOf(ask),
    input,
    write: (line) => lines.push(line),
    clientGone: options.clientGone ?? new AbortController().signal,
    limits: { ...DEFAULT_ANSWER_LIMITS, ...options.limits },
  });
  return { answer, lines };
}

describe("streamAnswer", () => {
  it("ends an answer that stops without saying who answered as cut short", async () => {
    const { answer, lines } = await run(async function* () {
      yield { type: "content", content: "Half" };
    });
    expect(answer.error).toBe(ANSWER_CUT_SHORT);
    expect(lines).toEqual([
      'data: {"content":"Half"}\n\n',
      `data: ${JSON.stringify({ content: "", error: ANSWER_CUT_SHORT })}\n\n`,
      "data: [ERROR]\n\n",
    ]);
  });

  it("stops an answer longer than the limit", async () => {
    const { answer, lines } = await run(
      async function* () {
        for (;;) yield { type: "content", content: "0123456789" };
      },
      { limits: { maxCharacters: 35 } },
    );
    expect(answer.error).toBe(ANSWER_TOO_LONG);
    expect(answer.content).toBe("0123456789".repeat(3));
    expect(lines.at(-1)).toBe("data: [ERROR]\n\n");
  });

  it("stops an advisor that ignores its signal once the time is up, and aborts the signal", async () => {
    let seen: AbortSignal | undefined;
    const { answer, lines } = await run(
      (asked) => {
        seen = asked.signal;
        return (async function* (): AsyncIterable<AdvisorEvent> {
          yield { type: "content", content: "Hmm" };
          await new Promise(() => {});
        })();
      },
      { limits: { timeoutMs: 50 } },
    );
    expect(answer.error).toBe(ANSWER_TOO_SLOW);
    expect(seen?.aborted).toBe(true);
    expect(lines.at(-1)).toBe("data: [ERROR]\n\n");
  });

  it("keeps at most the limit of citations", async () => {
    const citation = (id: string) => ({
      kind: "finding" as const,
      id,
      label: id,
      href: `/runs?finding=${id}`,
    });
    const { answer } = await run(
      async function* () {
        yield { type: "citations", citations: [citation("a"), citation("b")] };
        yield { type: "citations", citations: [citation("c")] };
        yield { type: "done", answeredBy: "knowledge base" };
      },
      { limits: { maxCitations: 2 } },
    );
    expect(answer.citations.map((each) => each.id)).toEqual(["a", "b"]);
    expect(answer.answeredBy).toBe("knowledge base");
  });

  it("writes no marker for a client that went away, and marks the answer abandoned", async () => {
    const gone = new AbortController();
    gone.abort();
    const { answer, lines } = await run(
      async function* () {
        yield { type: "content", content: "x" };
      },
      { clientGone: gone.signal },
    );
    expect(answer.abandoned).toBe(true);
    expect(lines).toEqual([]);
  });
});
