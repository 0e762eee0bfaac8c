// A tenant's vulnerable dependencies with severity counts (GET /api/tenants/{tenantId}/sca).
import type { ScaResponse } from "@rampart/contracts/sca";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function scaQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "sca"] as const;
}

export function getScaFindings(tenantId: string, signal?: AbortSignal) {
  return apiGet<ScaResponse>(scaQueryKey(tenantId), signal ? { signal } : {});
}

export function scaQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: scaQueryKey(tenantId),
    queryFn: ({ signal }) => getScaFindings(tenantId, signal),
  });
}

export function useScaFindings(tenantId: string | null) {
  return useQuery({ ...scaQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
