// The tenant's stored SBOMs, newest first, up to 20 (GET /api/tenants/{tenantId}/sbom). Each scan
// stores a CycloneDX 1.6 bill of materials of the scanned commit.
import type { SbomArtifact } from "@rampart/contracts/sca";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function sbomQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "sbom"] as const;
}

export function getSboms(tenantId: string, signal?: AbortSignal) {
  return apiGet<SbomArtifact[]>(sbomQueryKey(tenantId), signal ? { signal } : {});
}

export function sbomQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: sbomQueryKey(tenantId),
    queryFn: ({ signal }) => getSboms(tenantId, signal),
  });
}

export function useSboms(tenantId: string | null) {
  return useQuery({ ...sbomQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
