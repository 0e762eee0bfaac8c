// The tenant's newest evidence blocks, the chain's last verification and the genesis hash
// (GET /api/tenants/{tenantId}/evidence?type=…&limit=…[&control=…]); with a control, only the
// blocks of runs that evaluated it and of fix PRs for its findings.
import type { EvidenceArtifact, EvidenceResponse } from "@rampart/contracts/evidence";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export type ArtifactTypeFilter = "all" | EvidenceArtifact["artifactType"];

export const EVIDENCE_LIMIT = 100;

export function evidenceQueryKey(tenantId: string, type: ArtifactTypeFilter, control: string | null = null) {
  return ["/api/tenants", tenantId, "evidence", { type, limit: EVIDENCE_LIMIT, control }] as const;
}

export function evidenceQueryOptions(
  tenantId: string,
  type: ArtifactTypeFilter,
  control: string | null = null,
) {
  const queryKey = evidenceQueryKey(tenantId, type, control);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<EvidenceResponse>(queryKey, { signal }),
  });
}

export function useEvidence(
  tenantId: string | null,
  type: ArtifactTypeFilter,
  control: string | null = null,
) {
  return useQuery({ ...evidenceQueryOptions(tenantId ?? "", type, control), enabled: tenantId !== null });
}
