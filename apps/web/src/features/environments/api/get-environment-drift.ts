// An environment's drift findings from its last sync (GET /api/env/{envId}/drift).
import type { DriftFinding } from "@rampart/contracts/environments";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function driftQueryKey(environmentId: string) {
  return ["/api/env", environmentId, "drift"] as const;
}

export function useEnvironmentDrift(environmentId: string) {
  return useQuery({
    queryKey: driftQueryKey(environmentId),
    queryFn: ({ signal }) => apiGet<DriftFinding[]>(driftQueryKey(environmentId), { signal }),
  });
}
