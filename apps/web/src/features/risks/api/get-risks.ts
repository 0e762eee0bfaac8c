// Top risks of a tenant (GET /api/tenants/{tenantId}/risks).
import type { RisksResponse } from "@rampart/contracts/risks";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function risksQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "risks"] as const;
}

export function useRisks(tenantId: string | null) {
  return useQuery({
    queryKey: risksQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<RisksResponse>(risksQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null,
  });
}
