// Compare an environment's evaluated configuration with another's
// (GET /api/env/{envId}/compare?targetEnvId=): differences, security-relevant keys first.
import type { EnvironmentComparison } from "@rampart/contracts/environments";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function compareQueryKey(sourceEnvId: string, targetEnvId: string) {
  return ["/api/env", sourceEnvId, "compare", { targetEnvId }] as const;
}

export function useEnvironmentComparison(sourceEnvId: string, targetEnvId: string | null) {
  return useQuery({
    queryKey: compareQueryKey(sourceEnvId, targetEnvId ?? ""),
    queryFn: ({ signal }) =>
      apiGet<EnvironmentComparison>(compareQueryKey(sourceEnvId, targetEnvId ?? ""), { signal }),
    enabled: targetEnvId !== null,
  });
}
