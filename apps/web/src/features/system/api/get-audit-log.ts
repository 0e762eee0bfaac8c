// A tenant's audit log (GET /api/tenants/{tenantId}/audit-log), newest first, filtered by action,
// actor, result and days; "Load More" follows the server's nextCursor.
import { AUDIT_LOG_PAGE_SIZE, type AuditLogPage, type AuditResult } from "@rampart/contracts/audit";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export interface AuditLogFilters {
  action: string;
  actor: string;
  result: AuditResult | "all";
  /** Days as `YYYY-MM-DD`, both inclusive; empty for no bound. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditLogFilters = { action: "", actor: "", result: "all", from: "", to: "" };

export function auditLogQueryKey(tenantId: string, filters: AuditLogFilters) {
  return [
    "/api/tenants",
    tenantId,
    "audit-log",
    {
      action: filters.action.trim() || null,
      actor: filters.actor.trim() || null,
      result: filters.result === "all" ? null : filters.result,
      from: filters.from || null,
      to: filters.to || null,
      limit: AUDIT_LOG_PAGE_SIZE,
    },
  ] as const;
}

export function auditLogQueryOptions(tenantId: string, filters: AuditLogFilters) {
  const queryKey = auditLogQueryKey(tenantId, filters);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const [base, id, segment, query] = queryKey;
      return apiGet<AuditLogPage>([base, id, segment, { ...query, cursor: pageParam }], { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useAuditLog(tenantId: string | null, filters: AuditLogFilters) {
  return useInfiniteQuery({ ...auditLogQueryOptions(tenantId ?? "", filters), enabled: tenantId !== null });
}
