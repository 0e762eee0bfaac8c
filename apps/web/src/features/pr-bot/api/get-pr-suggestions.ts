// A tenant's fix pull requests, newest first, 50 a page (GET /api/tenants/{tenantId}/pr-suggestions);
// "Load More" follows the server's nextCursor.
import { PR_SUGGESTIONS_PAGE_SIZE, type PrSuggestionsPage } from "@rampart/contracts/fixes";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const PR_PAGE_SIZE = PR_SUGGESTIONS_PAGE_SIZE;

export function prSuggestionsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "pr-suggestions", { limit: PR_PAGE_SIZE }] as const;
}

export function prSuggestionsQueryOptions(tenantId: string) {
  const queryKey = prSuggestionsQueryKey(tenantId);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const [base, id, segment, query] = queryKey;
      return apiGet<PrSuggestionsPage>([base, id, segment, { ...query, cursor: pageParam }], { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function usePrSuggestions(tenantId: string | null) {
  return useInfiniteQuery({ ...prSuggestionsQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
