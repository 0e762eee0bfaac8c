// Version, environment, uptime, worker health and cron jobs (GET /api/system/info), refreshed every
// 5 s while the settings drawer is open (spec part 2, §7).
import type { SystemInfo } from "@rampart/contracts/system";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const SYSTEM_REFRESH_MS = 5_000;

export const systemInfoQueryKey = ["/api/system/info"] as const;

export const systemInfoQueryOptions = queryOptions({
  queryKey: systemInfoQueryKey,
  queryFn: ({ signal }) => apiGet<SystemInfo>(systemInfoQueryKey, { signal }),
  refetchInterval: SYSTEM_REFRESH_MS,
});

export function useSystemInfo(enabled: boolean) {
  return useQuery({ ...systemInfoQueryOptions, enabled });
}
