// The tenant's repositories (GET /api/tenants/{tenantId}/repositories): where declared states come
// from, and the Data Sources tab's GitHub list.
import type { Repository } from "@rampart/contracts/repositories";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function repositoriesQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "repositories"] as const;
}

export function useRepositories(tenantId: string | null) {
  return useQuery({
    queryKey: repositoriesQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<Repository[]>(repositoriesQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null,
    // Other pages keep this list (same key) for as long as the app is open; the sources dialog
    // must offer a repository added since, e.g. through the API.
    refetchOnMount: "always",
  });
}
