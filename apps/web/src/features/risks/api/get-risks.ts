// All risks of a tenant, highest score first, a page at a time (GET /api/tenants/{tenantId}/risks
// with limit and offset); "Load More" follows the server's nextOffset.
import type { RisksResponse } from "@rampart/contracts/risks";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const RISKS_PAGE_SIZE = 20;

export function risksQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "risks", { limit: RISKS_PAGE_SIZE }] as const;
}

export function risksQueryOptions(tenantId: string) {
  const queryKey = risksQueryKey(tenantId);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const [base, id, segment, query] = queryKey;
      return apiGet<RisksResponse>([base, id, segment, { ...query, offset: pageParam }], { signal });
    },
    getNextPageParam: (page) => page.nextOffset,
  });
}

export function useRisks(tenantId: string | null) {
  return useInfiniteQuery({ ...risksQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
