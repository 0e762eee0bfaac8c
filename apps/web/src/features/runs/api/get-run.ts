// One run with its findings, analyzer statuses and waivers (GET /api/runs/{id}), for the drawer.
import type { RunDetail } from "@rampart/contracts/runs";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function runQueryKey(runId: string) {
  return ["/api/runs", runId] as const;
}

export function useRun(runId: string | null) {
  return useQuery({
    queryKey: runQueryKey(runId ?? ""),
    queryFn: ({ signal }) => apiGet<RunDetail>(runQueryKey(runId ?? ""), { signal }),
    enabled: runId !== null,
  });
}
