// The tenant's compliance attestation bundles, newest first (GET /api/tenants/{tenantId}/attestations).
import type { Attestation } from "@rampart/contracts/attestations";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function attestationsQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "attestations"] as const;
}

export function attestationsQueryOptions(tenantId: string) {
  const queryKey = attestationsQueryKey(tenantId);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<Attestation[]>(queryKey, { signal }),
  });
}

export function useAttestations(tenantId: string | null) {
  return useQuery({ ...attestationsQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
