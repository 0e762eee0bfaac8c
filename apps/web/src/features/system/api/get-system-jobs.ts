// Recent background jobs (GET /api/system/jobs), refreshed every 5 s while the drawer is open.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";
import { SYSTEM_REFRESH_MS } from "./get-system-info";

export interface SystemJob {
  jobId: string;
  jobName: string;
  status: string;
  attempts: { error?: string | null }[];
  /** Milliseconds. */
  totalExecutionTime: number;
  lastUpdatedAt: string;
}

export interface SystemJobsResponse {
  jobs: SystemJob[];
}

export const systemJobsQueryKey = ["/api/system/jobs"] as const;

export const systemJobsQueryOptions = queryOptions({
  queryKey: systemJobsQueryKey,
  queryFn: ({ signal }) => apiGet<SystemJobsResponse>(systemJobsQueryKey, { signal }),
  refetchInterval: SYSTEM_REFRESH_MS,
});

export function useSystemJobs(enabled: boolean) {
  return useQuery({ ...systemJobsQueryOptions, enabled });
}
