// The advisor the chat route consumes (POST /api/narrator/ask): the language model when one is
// configured and the tenant's budgets allow it, the knowledge base otherwise and whenever the
// model fails before it said anything. Every answer ends saying who produced it.
import type { Environment } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import type { RuleMeta } from "@rampart/engine";
import type { PostureService } from "../posture/posture.service.ts";
import { createAdvisorTools } from "./advisor-tools.ts";
import { type AdvisorBudgetLimits, createAdvisorBudgets } from "./budgets.ts";
import type { AdvisorEvent, AskInput, ChatAdvisor } from "./chat-types.ts";
import { createKnowledgeBaseChat } from "./knowledge-base-chat.ts";
import { createModelChat, ModelFailure, type ModelSettings } from "./openai-chat.ts";
import { createRetrieval } from "./retrieval.ts";

export type { AdvisorEvent, AskInput, ChatAdvisor } from "./chat-types.ts";

export interface ChatAdvisorDeps {
  db: Database;
  rules: ReadonlyMap<string, RuleMeta>;
  posture: Pick<PostureService, "risks" | "controls" | "controlDetail" | "compliance" | "latestRuns">;
  environments: { list(tenantId: string): Promise<Environment[]> };
  /** The OpenAI-compatible endpoint; without it the knowledge base answers everything. */
  model?: ModelSettings | undefined;
  budgets: AdvisorBudgetLimits;
  /** Where provider failures are logged (the user sees a sentence, the log keeps the reason). */
  log?: (message: string, error: unknown) => void;
}

export function createChatAdvisor(deps: ChatAdvisorDeps) {
  const retrieval = createRetrieval({ db: deps.db, rules: deps.rules });
  const tools = createAdvisorTools({
    db: deps.db,
    posture: deps.posture,
    environments: deps.environments,
    retrieval,
  });
  const knowledgeBase = createKnowledgeBaseChat({ tools, rules: deps.rules });
  const model = deps.model ? createModelChat(deps.model, tools) : undefined;
  const budgets = createAdvisorBudgets(deps.budgets);

  async function* ask(input: AskInput): AsyncGenerator<AdvisorEvent> {
    const rate = budgets.takeRequest(input.tenantId);
    if (!rate.ok) {
      yield { type: "error", message: rate.message };
      return;
    }
    try {
      if (!model) {
        yield* knowledgeBase.ask(input.tenantId, input.question);
        return;
      }
      const tokens = budgets.checkTokens(input.tenantId);
      if (!tokens.ok) {
        yield { type: "error", message: tokens.message };
        return;
      }
      try {
        yield* model.ask(input, (count) => budgets.spendTokens(input.tenantId, count));
      } catch (error) {
        if (!(error instanceof ModelFailure)) throw error;
        deps.log?.(`advisor: the language model failed (${error.message})`, error.cause ?? error);
        if (error.afterContent) {
          yield { type: "error", message: error.message };
          return;
        }
        if (input.signal.aborted) return;
        yield* knowledgeBase.ask(
          input.tenantId,
          input.question,
          `(${error.message}; the knowledge base answers instead.)`,
        );
      }
    } catch (error) {
      if (input.signal.aborted) return;
      deps.log?.("advisor: answering failed", error);
      yield { type: "error", message: "Failed to get response" };
    }
  }

  const advisor: ChatAdvisor & {
    answeredBy: string;
    tools: typeof tools;
    knowledgeBase: typeof knowledgeBase;
    model: typeof model;
    budgets: typeof budgets;
  } = {
    ask,
    suggestedQuestions: (tenantId) => knowledgeBase.suggestedQuestions(tenantId),
    /** Who answers when all goes well: the model's name, or "knowledge base". */
    answeredBy: model?.model ?? "knowledge base",
    tools,
    knowledgeBase,
    model,
    budgets,
  };
  return advisor;
}
