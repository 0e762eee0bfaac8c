// The user's advisor conversations in the tenant and the five questions the page offers
// (GET /api/tenants/{tenantId}/conversations, …/advisor/suggestions).
import type { ConversationSummary, SuggestedQuestions } from "@rampart/contracts/advisor";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const conversationsQueryKey = (tenantId: string) =>
  ["/api/tenants", tenantId, "conversations"] as const;

export function useConversations(tenantId: string | null) {
  return useQuery({
    queryKey: conversationsQueryKey(tenantId ?? ""),
    queryFn: ({ queryKey, signal }) => apiGet<ConversationSummary[]>(queryKey, { signal }),
    enabled: tenantId !== null,
  });
}

export function useSuggestedQuestions(tenantId: string | null) {
  return useQuery({
    queryKey: ["/api/tenants", tenantId ?? "", "advisor", "suggestions"] as const,
    queryFn: ({ queryKey, signal }) => apiGet<SuggestedQuestions>(queryKey, { signal }),
    enabled: tenantId !== null,
  });
}
