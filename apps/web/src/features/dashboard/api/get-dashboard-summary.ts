// The dashboard's summary for a tenant and day range (GET /api/tenants/{tenantId}/summary?days=n):
// cached five minutes and refetched every 30 seconds (spec part 1, §7).
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const SUMMARY_STALE_TIME_MS = 300_000;
export const SUMMARY_REFETCH_INTERVAL_MS = 30_000;

export function summaryQueryKey(tenantId: string, days: number) {
  return ["/api/tenants", tenantId, "summary", { days }] as const;
}

export function getDashboardSummary(tenantId: string, days: number, signal?: AbortSignal) {
  return apiGet<DashboardSummary>(summaryQueryKey(tenantId, days), signal ? { signal } : {});
}

export function dashboardSummaryQueryOptions(tenantId: string, days: number) {
  return queryOptions({
    queryKey: summaryQueryKey(tenantId, days),
    queryFn: ({ signal }) => getDashboardSummary(tenantId, days, signal),
    staleTime: SUMMARY_STALE_TIME_MS,
    refetchInterval: SUMMARY_REFETCH_INTERVAL_MS,
  });
}

export function useDashboardSummary(tenantId: string | null, days: number) {
  // A new day range keeps showing the previous range's data until its own arrives, so the
  // "Generating AI Security Summary" modal belongs to the first load only.
  return useQuery({
    ...dashboardSummaryQueryOptions(tenantId ?? "", days),
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}
