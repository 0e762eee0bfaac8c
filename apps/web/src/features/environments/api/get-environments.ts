// A tenant's environments with their drift state (GET /api/tenants/{tenantId}/environments). While
// a sync the user started is running, the list is read again every few seconds to see it finish.
import type { Environment } from "@rampart/contracts/environments";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const SYNC_POLL_MS = 2000;

export function environmentsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "environments"] as const;
}

export function getEnvironments(tenantId: string, signal?: AbortSignal) {
  return apiGet<Environment[]>(environmentsQueryKey(tenantId), signal ? { signal } : {});
}

export function useEnvironments(tenantId: string | null, { polling = false }: { polling?: boolean } = {}) {
  return useQuery({
    queryKey: environmentsQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => getEnvironments(tenantId ?? "", signal),
    enabled: tenantId !== null,
    refetchInterval: polling ? SYNC_POLL_MS : false,
  });
}
