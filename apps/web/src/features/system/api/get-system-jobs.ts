// Recent background jobs (GET /api/system/jobs), refreshed every 5 s while the drawer is open.
import type { SystemJobs } from "@rampart/contracts/system";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { SYSTEM_REFRESH_MS } from "./get-system-info";

export const systemJobsQueryKey = ["/api/system/jobs"] as const;

export const systemJobsQueryOptions = queryOptions({
  queryKey: systemJobsQueryKey,
  queryFn: ({ signal }) => apiGet<SystemJobs>(systemJobsQueryKey, { signal }),
  refetchInterval: SYSTEM_REFRESH_MS,
});

export function useSystemJobs(enabled: boolean) {
  return useQuery({ ...systemJobsQueryOptions, enabled });
}
