// Version, environment, uptime, worker health and cron jobs (GET /api/system/info), refreshed every
// 5 s while the settings drawer is open (spec part 2, §7). The contracts package has no schema for
// it yet, so the shape of spec part 2, §3 is declared here.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const SYSTEM_REFRESH_MS = 5_000;

export interface SystemWorker {
  name: string;
  status: string;
  jobCount: number;
  lastRun?: string | null;
}

export interface SystemCronJob {
  name: string;
  enabled: boolean;
  schedule: string;
  lastRun?: string | null;
  nextRun?: string | null;
}

export interface SystemInfo {
  version: string;
  environment: string;
  /** Seconds since the server started. */
  uptime: number;
  workers: SystemWorker[];
  cronJobs: SystemCronJob[];
}

export const systemInfoQueryKey = ["/api/system/info"] as const;

export const systemInfoQueryOptions = queryOptions({
  queryKey: systemInfoQueryKey,
  queryFn: ({ signal }) => apiGet<SystemInfo>(systemInfoQueryKey, { signal }),
  refetchInterval: SYSTEM_REFRESH_MS,
});

export function useSystemInfo(enabled: boolean) {
  return useQuery({ ...systemInfoQueryOptions, enabled });
}
