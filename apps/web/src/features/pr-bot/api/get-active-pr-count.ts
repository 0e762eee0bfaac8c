// The live PR status (GET /api/prs/active): the open pull requests of the tenant's repositories on
// its code host, or, with none connected, Rampart's open fix pull requests on its own fix remote.
import type { ActivePrCount } from "@rampart/contracts/pr-bot";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

/** Spec part 2, §7: the live PR count refreshes every 10 s and is stale after 5 s. */
export const ACTIVE_PR_REFRESH_MS = 10_000;
export const ACTIVE_PR_STALE_MS = 5_000;

export function activePrCountQueryKey(tenantId: string) {
  return ["/api/prs/active", { tenantId }] as const;
}

export function activePrCountQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: activePrCountQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<ActivePrCount>(activePrCountQueryKey(tenantId), { signal }),
    refetchInterval: ACTIVE_PR_REFRESH_MS,
    staleTime: ACTIVE_PR_STALE_MS,
  });
}

export function useActivePrCount(tenantId: string | null) {
  return useQuery({ ...activePrCountQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
