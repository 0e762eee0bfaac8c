// The tenant's repositories (GET /api/tenants/{tenantId}/repositories): the scan button's choice
// and which commits can link to a code host.
import type { Repository } from "@rampart/contracts/repositories";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function repositoriesQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "repositories"] as const;
}

export function repositoriesQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: repositoriesQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<Repository[]>(repositoriesQueryKey(tenantId), { signal }),
  });
}

export function useRepositories(tenantId: string | null) {
  return useQuery({ ...repositoriesQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
