// Policy runs of a tenant, newest first, 50 a page (GET /api/tenants/{tenantId}/runs with repo,
// status, dateRange and control filters); "Load More" follows the server's nextCursor.
import type { RunsPage } from "@rampart/contracts/runs";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const RUNS_PAGE_SIZE = 50;

export interface RunFilters {
  repo: string;
  status: "all" | "pass" | "fail" | "skip";
  dateRange: "all" | "today" | "week" | "month";
  control: string | null;
}

export function runsQueryKey(tenantId: string, filters: RunFilters) {
  return [
    "/api/tenants",
    tenantId,
    "runs",
    {
      repo: filters.repo.trim() || null,
      status: filters.status,
      dateRange: filters.dateRange,
      control: filters.control,
      limit: RUNS_PAGE_SIZE,
    },
  ] as const;
}

export function runsQueryOptions(tenantId: string, filters: RunFilters) {
  const queryKey = runsQueryKey(tenantId, filters);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const [base, id, segment, query] = queryKey;
      return apiGet<RunsPage>([base, id, segment, { ...query, cursor: pageParam }], { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRuns(tenantId: string | null, filters: RunFilters) {
  return useInfiniteQuery({ ...runsQueryOptions(tenantId ?? "", filters), enabled: tenantId !== null });
}
