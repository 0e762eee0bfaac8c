// The tenant's environments (GET /api/tenants/{tenantId}/environments), for the run drawer's
// Environments tab: the same read and key as the Environments page's.
import type { Environment } from "@rampart/contracts/environments";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function environmentsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "environments"] as const;
}

export function useEnvironments(tenantId: string) {
  return useQuery({
    queryKey: environmentsQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<Environment[]>(environmentsQueryKey(tenantId), { signal }),
  });
}
