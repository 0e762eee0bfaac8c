// One whole answer of the language model to a task about some data, for the callers that want a
// result rather than a stream (explanations, fixes, narratives). The data is untrusted: it goes in
// the delimited block the system prompt tells the model is data, secrets masked. Tokens are charged
// to the tenant's budget, the chat's.
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { AdvisorBudgets } from "./budgets.ts";
import { describeModelError, type ModelSettings } from "./openai-chat.ts";
import { asUntrustedBlock, SYSTEM_PROMPT } from "./untrusted.ts";

/** The longest answer read from the model, in characters: a bound on what a hostile server sends. */
const MAX_ANSWER_CHARS = 60_000;

export type Completion = { ok: true; text: string } | { ok: false; reason: string };

export function createModelCompletion(deps: {
  settings: ModelSettings;
  budgets: Pick<AdvisorBudgets, "checkTokens" | "spendTokens">;
  log?: ((message: string, error: unknown) => void) | undefined;
}) {
  const { settings } = deps;
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // Local servers (Ollama, LM Studio) need no key; the client insists on one.
    apiKey: settings.apiKey ?? "not-needed",
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  });

  /** The model's whole answer to `task` about `data`, or the reason it has none, in words. */
  async function complete(tenantId: string, task: string, data: unknown): Promise<Completion> {
    const budget = deps.budgets.checkTokens(tenantId);
    if (!budget.ok) return { ok: false, reason: budget.message };
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: SYSTEM_PROMPT },
      { role: "user", content: `${task}\n\n${asUntrustedBlock("data", data)}` },
    ];
    let text = "";
    let counted = false;
    try {
      // Streamed, as the chat is: every compatible server supports it.
      const stream = await client.chat.completions.create({
        model: settings.model,
        messages,
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of stream) {
        if (chunk.usage) {
          counted = true;
          deps.budgets.spendTokens(tenantId, chunk.usage.total_tokens);
        }
        text += chunk.choices[0]?.delta?.content ?? "";
        if (text.length > MAX_ANSWER_CHARS) {
          stream.controller.abort();
          return { ok: false, reason: "The language model's answer was too long" };
        }
      }
    } catch (error) {
      deps.log?.("advisor: the language model failed", error);
      return { ok: false, reason: describeModelError(error) };
    } finally {
      // A server that reports no usage is charged by estimate: about four characters a token.
      if (!counted) deps.budgets.spendTokens(tenantId, (JSON.stringify(messages).length + text.length) / 4);
    }
    return { ok: true, text };
  }

  return { model: settings.model, complete };
}
