// Top risks and the risk heatmap of a tenant (GET /api/tenants/{tenantId}/risks and /risk-heatmap).
import type { HeatmapResponse, RisksResponse } from "@rampart/contracts/risks";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function risksQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "risks"] as const;
}

export function riskHeatmapQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "risk-heatmap"] as const;
}

export function useRisks(tenantId: string) {
  return useQuery({
    queryKey: risksQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<RisksResponse>(risksQueryKey(tenantId), { signal }),
  });
}

export function useRiskHeatmap(tenantId: string) {
  return useQuery({
    queryKey: riskHeatmapQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<HeatmapResponse>(riskHeatmapQueryKey(tenantId), { signal }),
  });
}
