// The advisor chat's interface: what the chat route (POST /api/narrator/ask) consumes.
import type { Citation } from "@rampart/contracts/advisor";

export interface AskInput {
  /** The session's tenant, already checked by the route; tools read this tenant only. */
  tenantId: string;
  userId: string;
  question: string;
  history: { role: "user" | "assistant"; content: string }[];
  /** Aborted when the client goes away: generation stops. */
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

/** What answers say produced them when no model did. */
export const KNOWLEDGE_BASE = "knowledge base";
