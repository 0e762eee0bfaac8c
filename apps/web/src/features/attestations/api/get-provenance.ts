// The tenant's SLSA provenance attestations, newest first (GET /api/tenants/{tenantId}/provenance):
// one signed per scan run, plus uploads with whether their signature verified.
import type { Provenance } from "@rampart/contracts/attestations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function provenanceQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "provenance"] as const;
}

export function provenanceQueryOptions(tenantId: string) {
  const queryKey = provenanceQueryKey(tenantId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<Provenance[]>(queryKey, { signal }),
  });
}

export function useProvenance(tenantId: string | null) {
  return useQuery({ ...provenanceQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
