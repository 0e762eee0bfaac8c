// Explanations and fixes for a finding (spec part 1, Active Findings). `source` says honestly
// where the answer came from: the rule catalogue today, a language model when one is configured.
import { z } from "zod";
import { Id } from "./common.ts";

export const AnswerSource = z.enum(["knowledge-base", "language-model"]);

export const ExplainFindingBody = z.object({
  findingId: Id,
  controlId: z.string().min(1).max(50).optional(),
});
export const Explanation = z.object({
  explanation: z.string(),
  impact: z.string(),
  recommendation: z.string(),
  source: AnswerSource,
});
export type Explanation = z.infer<typeof Explanation>;

export const GenerateFixBody = z.object({
  findingId: Id,
  findingType: z.string().min(1).max(20).default("iac"),
});
export const GeneratedFix = z.object({
  aiGeneratedFix: z.string(),
  /** True when the fix is the rule's own mechanical patch (a unified diff). */
  isPatch: z.boolean(),
  source: AnswerSource,
  /**
   * With a language model configured: how the model's fix was checked, or why the rule's own fix
   * or guidance is shown instead.
   */
  note: z.string().optional(),
});
export type GeneratedFix = z.infer<typeof GeneratedFix>;

// The advisor chat (/ai-advisor): POST /api/narrator/ask answers with server-sent events, each a
// `data:` line of JSON (AskStreamEvent), ending with `data: [DONE]` or `data: [ERROR]`.
// Conversations are kept per user and tenant: GET /api/tenants/{tenantId}/conversations and
// GET /api/tenants/{tenantId}/conversations/{conversationId}.

/** The browser makes the id: 21 URL-safe characters (nanoid's alphabet and length). */
export const ConversationId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{21}$/, { error: "conversationId must be 21 characters" });

export const AskBody = z
  .object({
    question: z.string().trim().min(1, { error: "Ask a question" }).max(4000),
    tenantId: Id,
    conversationId: ConversationId,
    stream: z.literal(true),
  })
  .strict();
export type AskBody = z.infer<typeof AskBody>;

/** What an answer used: a link into the app for each finding, control, run or ledger entry. */
export const Citation = z.object({
  kind: z.enum(["finding", "control", "run", "ledger", "framework", "environment", "rule"]),
  id: z.string(),
  label: z.string(),
  /** An in-app path, e.g. /controls?control=CTR-IAC-01. */
  href: z.string(),
});
export type Citation = z.infer<typeof Citation>;

/** One `data:` line of the stream: text to append, citations, and at the end who answered. */
export const AskStreamEvent = z.object({
  content: z.string(),
  citations: z.array(Citation).optional(),
  /** Sent with the last event: the model's name, or "knowledge base". */
  answeredBy: z.string().optional(),
  /** With [ERROR]: the reason in words. */
  error: z.string().optional(),
});
export type AskStreamEvent = z.infer<typeof AskStreamEvent>;

export const ChatMessage = z.object({
  id: Id,
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  citations: z.array(Citation),
  answeredBy: z.string().nullable(),
  timestamp: z.iso.datetime({ offset: true }),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ConversationSummary = z.object({
  id: ConversationId,
  title: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
  messageCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;
export const ConversationList = z.array(ConversationSummary);
export const Conversation = ConversationSummary.extend({ messages: z.array(ChatMessage) });
export type Conversation = z.infer<typeof Conversation>;

/** Five questions the page offers, drawn from the tenant's state. */
export const SuggestedQuestions = z.object({ questions: z.array(z.string()).max(5) });
export type SuggestedQuestions = z.infer<typeof SuggestedQuestions>;
