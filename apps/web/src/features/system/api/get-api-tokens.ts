// The organization's API tokens, for its admins (GET /api/tenants/{tenantId}/api-tokens); never
// their secrets.
import type { ApiToken } from "@rampart/contracts/api-tokens";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const apiTokensQueryKey = (tenantId: string) => ["/api/tenants", tenantId, "api-tokens"] as const;

export function useApiTokens(tenantId: string) {
  return useQuery({
    queryKey: apiTokensQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<ApiToken[]>(apiTokensQueryKey(tenantId), { signal }),
  });
}
