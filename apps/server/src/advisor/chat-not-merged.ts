// TEMPORARY, until the lead merges wt/ai-core (apps/server/src/advisor/chat-advisor.ts): what
// services.ts wires as the chat advisor in its place. It says plainly that the advisor is missing
// from this build; nothing here pretends to answer. Delete this file when services.chatAdvisor is
// createChatAdvisor(...).
import type { AdvisorEvent, ChatAdvisor } from "./chat-port.ts";

const MISSING = "The advisor is not part of this build yet";

export const chatAdvisorNotMerged: ChatAdvisor = {
  async *ask(): AsyncIterable<AdvisorEvent> {
    yield { type: "error", message: MISSING };
  },
  async suggestedQuestions() {
    return [];
  },
};
