// The language-model advisor: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure
// OpenAI, Ollama, vLLM, LM Studio) through the `openai` client, streaming, with tool calls
// answered by the tenant-scoped tools. The client retries connection errors, 408/409/429 and 5xx
// with exponential back-off; a stream that stalls longer than the timeout is cut here.
import type { Citation } from "@rampart/contracts/advisor";
import OpenAI, { APIConnectionTimeoutError, APIError } from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AdvisorTools } from "./advisor-tools.ts";
import type { AdvisorEvent, AskInput } from "./chat-types.ts";
import { uniqueCitations } from "./citations.ts";
import { asUntrustedBlock, maskSecrets, SYSTEM_PROMPT } from "./untrusted.ts";

export interface ModelSettings {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}

/** Rounds of tool calls one answer may take, and calls per round: a bound on a looping model. */
const MAX_TOOL_ROUNDS = 5;
const MAX_CALLS_PER_ROUND = 6;
/** Turns of earlier conversation sent along, and their length. */
const HISTORY_TURNS = 10;
const HISTORY_CHARS = 4_000;

/** Why the model could not answer, in words for the user; the raw error stays in the log. */
export class ModelFailure extends Error {
  constructor(
    message: string,
    /** True once part of the answer was streamed: it cannot be replaced by another answer then. */
    readonly afterContent: boolean,
  ) {
    super(message);
  }
}

export function describeModelError(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError) return "The language model did not answer in time";
  if (error instanceof IdleTimeout) return "The language model stopped answering";
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 401 || error.status === 403) return "The language model refused Rampart's API key";
    if (error.status === 404) return "The language model service does not know the configured model";
    if (error.status === 429) return "The language model service is rate limiting Rampart";
    if (error.status >= 500) return "The language model service failed";
    return "The language model service refused the request";
  }
  return "Failed to get response";
}

class IdleTimeout extends Error {}

export function createModelChat(settings: ModelSettings, tools: AdvisorTools) {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, LM Studio) need no key; the client insists on one.
    apiKey: settings.apiKey ?? "not-needed",
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });

  return {
    model: settings.model,
    client,

    /**
     * Streams one answer. Throws ModelFailure when the provider fails; `afterContent` says whether
     * text was already sent. Reports tokens through `onTokens`.
     */
    async *ask(input: AskInput, onTokens: (count: number) => void): AsyncGenerator<AdvisorEvent> {
      const messages: ChatCompletionMessageParam[] = [
        { role: "system", content: SYSTEM_PROMPT },
        ...input.history.slice(-HISTORY_TURNS).map((turn) => ({
          role: turn.role,
          content: maskSecrets(turn.content.slice(0, HISTORY_CHARS)),
        })),
        { role: "user", content: maskSecrets(input.question) },
      ];
      const citations: Citation[] = [];
      let sentContent = false;

      for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
        // The last round offers no tools: the model must answer with what it has.
        const offerTools = round < MAX_TOOL_ROUNDS;
        const turn = { content: "", calls: [] as { id: string; name: string; arguments: string }[] };
        try {
          for await (const piece of streamTurn(
            client,
            settings,
            messages,
            offerTools ? tools.specs : undefined,
            input.signal,
          )) {
            if (piece.kind === "usage") onTokens(piece.tokens);
            else if (piece.kind === "content") {
              turn.content += piece.text;
              sentContent = true;
              yield { type: "content", content: piece.text };
            } else turn.calls = piece.calls;
          }
        } catch (error) {
          if (input.signal.aborted) return;
          throw new ModelFailure(
            sentContent ? "Streaming error occurred" : describeModelError(error),
            sentContent,
          );
        }
        if (input.signal.aborted) return;
        if (turn.calls.length === 0) break;
        const calls = turn.calls.slice(0, MAX_CALLS_PER_ROUND);
        messages.push({
          role: "assistant",
          content: turn.content || null,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: "function",
            function: { name: call.name, arguments: call.arguments },
          })),
        });
        for (const call of calls) {
          if (input.signal.aborted) return;
          // The session's tenant, always: nothing the model writes chooses it.
          const result = await tools.run(input.tenantId, call.name, call.arguments);
          citations.push(...result.citations);
          messages.push({
            role: "tool",
            tool_call_id: call.id,
            content: asUntrustedBlock(call.name, result.data),
          });
        }
      }
      if (!sentContent) throw new ModelFailure("No response body", false);
      const cited = uniqueCitations(citations);
      if (cited.length > 0) yield { type: "citations", citations: cited };
      yield { type: "done", answeredBy: settings.model };
    },
  };
}

export type ModelChat = ReturnType<typeof createModelChat>;

type TurnPiece =
  | { kind: "content"; text: string }
  | { kind: "calls"; calls: { id: string; name: string; arguments: string }[] }
  | { kind: "usage"; tokens: number };

/** One streamed completion: its text as it comes, then its tool calls assembled, and its usage. */
async function* streamTurn(
  client: OpenAI,
  settings: ModelSettings,
  messages: ChatCompletionMessageParam[],
  toolSpecs: AdvisorTools["specs"] | undefined,
  signal: AbortSignal,
): AsyncGenerator<TurnPiece> {
  const idle = new AbortController();
  const both = AbortSignal.any([signal, idle.signal]);
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(new IdleTimeout()), settings.timeoutMs);
  };
  arm();
  try {
    const stream = await client.chat.completions.create(
      {
        model: settings.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
        ...(toolSpecs ? { tools: toolSpecs, tool_choice: "auto" as const } : {}),
      },
      { signal: both },
    );
    const calls: { id: string; name: string; arguments: string }[] = [];
    let counted = false;
    let characters = 0;
    for await (const chunk of stream) {
      arm();
      if (chunk.usage) {
        counted = true;
        yield { kind: "usage", tokens: chunk.usage.total_tokens };
      }
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        characters += delta.content.length;
        yield { kind: "content", text: delta.content };
      }
      for (const part of delta.tool_calls ?? []) {
        // The index comes from the server: a bound keeps a hostile one from growing the array.
        if (part.index < 0 || part.index >= MAX_CALLS_PER_ROUND * 2) continue;
        const call = calls[part.index] ?? { id: "", name: "", arguments: "" };
        calls[part.index] = call;
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments) call.arguments += part.function.arguments;
        characters += part.function?.arguments?.length ?? 0;
      }
    }
    // An aborted read may end the stream quietly: a stall is a failure, not the end of the answer.
    if (idle.signal.aborted && !signal.aborted) throw new IdleTimeout();
    // A server that reports no usage is charged by estimate: about four characters a token.
    if (!counted)
      yield { kind: "usage", tokens: Math.ceil((JSON.stringify(messages).length + characters) / 4) };
    const made = calls.filter((call) => call.name);
    if (made.length > 0)
      yield {
        kind: "calls",
        calls: made.map((call, index) => ({ ...call, id: call.id || `call_${index}` })),
      };
  } catch (error) {
    if (idle.signal.aborted && !signal.aborted) throw new IdleTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
