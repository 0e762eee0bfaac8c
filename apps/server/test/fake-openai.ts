// A fake OpenAI-compatible chat-completions server for tests and the bench: real HTTP on
// 127.0.0.1, bearer-key check, server-sent events in the chunk format of the chat-completions API
// (content deltas, tool calls split across chunks, a final usage chunk, `data: [DONE]`). What it
// answers is scripted per request; without a script it behaves like a small agent: it calls one
// tool chosen from the question, then streams an answer naming what the tool returned.
import { createServer } from "node:http";

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/** What the server does with one request. */
export type FakeTurn =
  | { kind: "content"; chunks: string[]; delayMs?: number; usage?: { prompt: number; completion: number } }
  | { kind: "tool-calls"; calls: { name: string; arguments: string }[] }
  /** An HTTP error with an OpenAI-shaped error body. */
  | { kind: "error"; status: number; message?: string }
  /** Sends `chunks`, then drops the connection without `[DONE]`. */
  | { kind: "cut"; chunks: string[] }
  /** Sends headers (and `chunks`), then stays silent. */
  | { kind: "hang"; chunks?: string[] };

export type FakeScript = (request: ChatRequest, index: number) => FakeTurn;

export interface FakeOpenAi {
  url: string;
  requests: ChatRequest[];
  /** Connections closed by the client before the answer was complete. */
  clientAborts: number;
  script: FakeScript | undefined;
  close(): Promise<void>;
}

const CHUNK_ID = "chatcmpl-fake";

export async function startFakeOpenAi(
  options: { apiKey?: string; script?: FakeScript; port?: number } = {},
): Promise<FakeOpenAi> {
  const state: FakeOpenAi = {
    url: "",
    requests: [],
    clientAborts: 0,
    script: options.script,
    close: async () => {},
  };
  const server = createServer(async (request, response) => {
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" });
      return response.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));
    }
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      response.writeHead(401, { "content-type": "application/json" });
      return response.end(
        JSON.stringify({
          error: {
            message: "Incorrect API key provided",
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        }),
      );
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatRequest;
    const index = state.requests.length;
    state.requests.push(body);
    const turn = (state.script ?? defaultAgent)(body, index);
    let finished = false;
    response.on("close", () => {
      if (!finished) state.clientAborts++;
    });

    if (turn.kind === "error") {
      response.writeHead(turn.status, { "content-type": "application/json" });
      finished = true;
      return response.end(
        JSON.stringify({
          error: { message: turn.message ?? `fake error ${turn.status}`, type: "server_error" },
        }),
      );
    }
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const send = (payload: unknown) => response.write(`data: ${JSON.stringify(payload)}\n\n`);
    const delta = (part: Record<string, unknown>, finish: string | null = null) =>
      send({
        id: CHUNK_ID,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, delta: part, finish_reason: finish }],
      });

    delta({ role: "assistant", content: "" });
    if (turn.kind === "tool-calls") {
      turn.calls.forEach((call, callIndex) => {
        const id = `call_${index}_${callIndex}`;
        delta({
          tool_calls: [
            { index: callIndex, id, type: "function", function: { name: call.name, arguments: "" } },
          ],
        });
        // Arguments arrive in pieces, as real servers send them.
        const middle = Math.ceil(call.arguments.length / 2);
        for (const piece of [call.arguments.slice(0, middle), call.arguments.slice(middle)])
          if (piece) delta({ tool_calls: [{ index: callIndex, function: { arguments: piece } }] });
      });
      delta({}, "tool_calls");
    } else {
      for (const text of turn.chunks ?? []) {
        if (response.destroyed) return;
        delta({ content: text });
        if (turn.kind === "content" && turn.delayMs)
          await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
      }
      if (turn.kind === "cut") {
        finished = true;
        // Let the chunks reach the client first, as a connection lost mid-answer would.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return response.destroy();
      }
      if (turn.kind === "hang") return;
      delta({}, "stop");
    }
    if (body.stream_options?.include_usage) {
      const usage =
        turn.kind === "content" && turn.usage
          ? turn.usage
          : { prompt: JSON.stringify(body.messages).length / 4, completion: 20 };
      send({
        id: CHUNK_ID,
        object: "chat.completion.chunk",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [],
        usage: {
          prompt_tokens: Math.ceil(usage.prompt),
          completion_tokens: usage.completion,
          total_tokens: Math.ceil(usage.prompt) + usage.completion,
        },
      });
    }
    response.write("data: [DONE]\n\n");
    finished = true;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  state.url = `http://127.0.0.1:${port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** The tool a question calls for, as a plain model would choose it. */
function toolFor(question: string): { name: string; arguments: string } {
  if (/risk/i.test(question)) return { name: "top_risks", arguments: JSON.stringify({ limit: 5 }) };
  if (/soc ?2|complian|ready/i.test(question))
    return { name: "compliance", arguments: JSON.stringify({ framework: "soc2" }) };
  if (/control/i.test(question))
    return { name: "list_controls", arguments: JSON.stringify({ status: "failing" }) };
  if (/chang|since/i.test(question)) return { name: "changes_since", arguments: JSON.stringify({ days: 7 }) };
  return { name: "find_findings", arguments: JSON.stringify({ limit: 5 }) };
}

/** Call one tool, then answer in words from its result (the ids it saw), streamed word by word. */
export const defaultAgent: FakeScript = (request) => {
  const toolMessages = request.messages.filter((message) => message.role === "tool");
  const question = [...request.messages].reverse().find((message) => message.role === "user")?.content ?? "";
  if (toolMessages.length === 0 && request.tools?.length)
    return { kind: "tool-calls", calls: [toolFor(question)] };
  const seen = toolMessages.map((message) => message.content ?? "").join(" ");
  const named = [...new Set(seen.match(/"(?:ruleId|code|id)":"([^"]{1,80})"/g) ?? [])]
    .slice(0, 3)
    .map((match) => match.split('":"')[1]!.replace(/"$/, ""));
  const text = `Based on your organization's data, the items to look at first are ${named.length ? named.join(", ") : "none: nothing is open"}. See the cited records for details.`;
  return { kind: "content", chunks: text.split(/(?<= )/) };
};

/** Sends the SSE chunks of a plain answer; for scripts that build turns by hand. */
export function contentTurn(text: string, delayMs?: number): FakeTurn {
  return { kind: "content", chunks: text.split(/(?<= )/), ...(delayMs ? { delayMs } : {}) };
}
