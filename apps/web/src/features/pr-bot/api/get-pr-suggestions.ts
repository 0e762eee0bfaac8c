// A tenant's fix pull requests, newest first (GET /api/tenants/{tenantId}/pr-suggestions).
import type { PrSuggestionList } from "@rampart/contracts/fixes";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function prSuggestionsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "pr-suggestions"] as const;
}

export function prSuggestionsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: prSuggestionsQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<PrSuggestionList>(prSuggestionsQueryKey(tenantId), { signal }),
  });
}

export function usePrSuggestions(tenantId: string | null) {
  return useQuery({ ...prSuggestionsQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
