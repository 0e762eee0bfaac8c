// What the chat routes need of an advisor (issue 20's split): ask a question, get events back.
// The advisor itself (providers, tools, retrieval, the knowledge base) is built in
// chat-advisor.ts; the routes depend only on this shape.
import type { Citation } from "@rampart/contracts/advisor";

export interface AskInput {
  /** From the session's checked access, never from the model or the question. */
  tenantId: string;
  userId: string;
  question: string;
  /** Earlier turns of the conversation, oldest first. */
  history: { role: "user" | "assistant"; content: string }[];
  /** Aborted when the client disconnects or the answer takes too long. */
  signal: AbortSignal;
}

export type AdvisorEvent =
  | { type: "content"; content: string }
  | { type: "citations"; citations: Citation[] }
  | { type: "done"; answeredBy: string }
  | { type: "error"; message: string };

export interface ChatAdvisor {
  ask(input: AskInput): AsyncIterable<AdvisorEvent>;
  suggestedQuestions(tenantId: string): Promise<string[]>;
}
