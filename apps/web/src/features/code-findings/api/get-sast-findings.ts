// A tenant's open code (SAST) findings with severity and category counts
// (GET /api/tenants/{tenantId}/sast).
import type { SastResponse } from "@rampart/contracts/sast";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function sastQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "sast"] as const;
}

export function getSastFindings(tenantId: string, signal?: AbortSignal) {
  return apiGet<SastResponse>(sastQueryKey(tenantId), signal ? { signal } : {});
}

export function sastQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: sastQueryKey(tenantId),
    queryFn: ({ signal }) => getSastFindings(tenantId, signal),
  });
}

export function useSastFindings(tenantId: string | null) {
  return useQuery({ ...sastQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
