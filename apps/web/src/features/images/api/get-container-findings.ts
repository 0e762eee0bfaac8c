// Vulnerabilities found in the tenant's container images (GET /api/tenants/{tenantId}/containers),
// most severe first; for each image reference only its latest scanned upload.
import type { ContainerFinding } from "@rampart/contracts/containers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function containerFindingsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "containers"] as const;
}

export function containerFindingsQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: containerFindingsQueryKey(tenantId),
    queryFn: ({ signal }) => apiGet<ContainerFinding[]>(containerFindingsQueryKey(tenantId), { signal }),
  });
}

export function useContainerFindings(tenantId: string | null) {
  return useQuery({ ...containerFindingsQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
