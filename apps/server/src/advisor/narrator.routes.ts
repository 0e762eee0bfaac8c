// The advisor chat (spec: AI Security Advisor): POST /api/narrator/ask answers with server-sent
// events, and a user's conversations in a tenant are listed and read back. The tenant an answer is
// about is the one the caller's access was checked for; the advisor never chooses it.
import { PassThrough } from "node:stream";
import {
  AskBody,
  Conversation,
  ConversationId,
  ConversationList,
  SuggestedQuestions,
} from "@rampart/contracts/advisor";
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { type AnswerLimits, DEFAULT_ANSWER_LIMITS, streamAnswer } from "./answer-stream.ts";
import type { ChatAdvisor } from "./chat-types.ts";
import type { ConversationsRepo } from "./conversations.repo.ts";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};
const ConversationParams = TenantParams.extend({ conversationId: ConversationId });

export const CONVERSATION_NOT_FOUND = "Conversation not found";
export const CONVERSATION_FULL = "This conversation is full: start a new one";
export const ANSWER_IN_PROGRESS = "Wait for the answer in progress before asking again";

export interface ChatLimits {
  /** Messages one conversation may hold (questions and answers). */
  maxMessages: number;
  /** Earlier messages the advisor is given with a question. */
  historyMessages: number;
  /** Longest earlier message passed on, in characters. */
  historyCharacters: number;
  /** Conversations the list shows. */
  listed: number;
  /** Answers one user may be waiting for at once. */
  answersPerUser: number;
  answer: AnswerLimits;
}

export const DEFAULT_CHAT_LIMITS: ChatLimits = {
  maxMessages: 200,
  historyMessages: 20,
  historyCharacters: 8000,
  listed: 50,
  answersPerUser: 2,
  answer: DEFAULT_ANSWER_LIMITS,
};

export function registerNarratorRoutes(
  app: App,
  deps: {
    advisor: ChatAdvisor;
    conversations: ConversationsRepo;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    limits?: ChatLimits;
  },
) {
  const { advisor, conversations, access } = deps;
  const limits = deps.limits ?? DEFAULT_CHAT_LIMITS;
  const guarded = { onRequest: deps.authenticate };
  /** Answers in progress per user, in this process. */
  const answering = new Map<string, number>();

  app.post(
    "/api/narrator/ask",
    {
      ...guarded,
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        tags: ["advisor"],
        description:
          "Asks the advisor. Answers `text/event-stream`: `data:` lines of JSON with `content` (and `citations`, then `answeredBy` or `error`), ending with `data: [DONE]` or `data: [ERROR]`.",
        body: AskBody,
        // The stream is not serialized: its events are AskStreamEvent (contracts).
        response: { 200: z.unknown().describe("text/event-stream"), ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, conversationId, question } = request.body;
      const userId = currentUser(request).id;
      // The advisor reads working data (findings with code): never an auditor's.
      await access.require(tenantId, userId, "read");
      const inProgress = answering.get(userId) ?? 0;
      if (inProgress >= limits.answersPerUser) throw new AppError("rate_limited", ANSWER_IN_PROGRESS);
      const conversation = await conversations.open({ tenantId, userId }, conversationId, question);
      if ((await conversations.messageCount(conversation)) + 2 > limits.maxMessages)
        throw new AppError("conflict", CONVERSATION_FULL);

      const earlier = await conversations.recentMessages(conversation, limits.historyMessages);
      // Failed answers are not the advisor's words: they are not given back to it.
      const history = earlier
        .filter((message) => message.role === "user" || message.answeredBy !== null)
        .map((message) => ({
          role: message.role,
          content: message.content.slice(0, limits.historyCharacters),
        }));
      await conversations.addMessage(conversation, { role: "user", content: question });

      answering.set(userId, inProgress + 1);
      const stream = new PassThrough();
      stream.on("error", () => {});
      const clientGone = new AbortController();
      reply.raw.on("close", () => {
        if (!reply.raw.writableFinished) clientGone.abort();
      });
      const write = (line: string) => {
        if (!stream.destroyed && !stream.writableEnded) stream.write(line);
      };
      // Started here, it runs in the request's database scope (the caller's tenants only).
      void (async () => {
        try {
          const answer = await streamAnswer({
            advisor,
            input: { tenantId, userId, question, history },
            write,
            clientGone: clientGone.signal,
            limits: limits.answer,
            onFailure: (error) => request.log.error({ err: error }, "advisor failed"),
          });
          const content = answer.error
            ? `I encountered an error: ${answer.error}. Please try again.`
            : answer.content;
          if (content)
            await conversations.addMessage(conversation, {
              role: "assistant",
              content,
              citations: answer.citations,
              answeredBy: answer.answeredBy,
            });
        } catch (error) {
          request.log.error({ err: error }, "advisor answer not stored");
        } finally {
          const left = (answering.get(userId) ?? 1) - 1;
          if (left > 0) answering.set(userId, left);
          else answering.delete(userId);
          stream.end();
        }
      })();
      return reply
        .header("content-type", "text/event-stream; charset=utf-8")
        .header("cache-control", "no-cache, no-transform")
        .header("x-accel-buffering", "no")
        .send(stream);
    },
  );

  app.get(
    "/api/tenants/:tenantId/conversations",
    {
      ...guarded,
      schema: { tags: ["advisor"], params: TenantParams, response: { 200: ConversationList, ...errors } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await access.require(request.params.tenantId, userId, "read");
      return conversations.list({ tenantId: request.params.tenantId, userId }, limits.listed);
    },
  );

  app.get(
    "/api/tenants/:tenantId/conversations/:conversationId",
    {
      ...guarded,
      schema: { tags: ["advisor"], params: ConversationParams, response: { 200: Conversation, ...errors } },
    },
    async (request) => {
      const { tenantId, conversationId } = request.params;
      const userId = currentUser(request).id;
      await access.require(tenantId, userId, "read");
      const found = await conversations.conversation(
        { tenantId, userId },
        conversationId,
        limits.maxMessages,
      );
      if (!found) throw notFound(CONVERSATION_NOT_FOUND);
      return found;
    },
  );

  app.get(
    "/api/tenants/:tenantId/advisor/suggestions",
    {
      ...guarded,
      schema: { tags: ["advisor"], params: TenantParams, response: { 200: SuggestedQuestions, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "read");
      const questions = await advisor.suggestedQuestions(tenantId);
      return { questions: questions.slice(0, 5) };
    },
  );
}
