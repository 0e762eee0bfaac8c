// The tenant's newest evidence blocks, the chain's last verification and the genesis hash
// (GET /api/tenants/{tenantId}/evidence?type=…&limit=…).
import type { EvidenceArtifact, EvidenceResponse } from "@rampart/contracts/evidence";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export type ArtifactTypeFilter = "all" | EvidenceArtifact["artifactType"];

export const EVIDENCE_LIMIT = 100;

export function evidenceQueryKey(tenantId: string, type: ArtifactTypeFilter) {
  return ["/api/tenants", tenantId, "evidence", { type, limit: EVIDENCE_LIMIT }] as const;
}

export function evidenceQueryOptions(tenantId: string, type: ArtifactTypeFilter) {
  const queryKey = evidenceQueryKey(tenantId, type);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<EvidenceResponse>(queryKey, { signal }),
  });
}

export function useEvidence(tenantId: string | null, type: ArtifactTypeFilter) {
  return useQuery({ ...evidenceQueryOptions(tenantId ?? "", type), enabled: tenantId !== null });
}
