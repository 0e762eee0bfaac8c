// Reproducible samples of a population: the list (GET /api/tenants/{tenantId}/audit-samples) and a
// new draw (POST; the seed is recorded, drawn at random when none is given).
import type { AuditSample } from "@rampart/contracts/audit-workspace";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend, buildReadPath } from "../../../lib/api";

export const samplesKey = (tenantId: string) => ["/api/tenants", tenantId, "audit-samples"] as const;

export function useAuditSamples(tenantId: string) {
  return useQuery({
    queryKey: samplesKey(tenantId),
    queryFn: ({ signal }) => apiGet<AuditSample[]>(samplesKey(tenantId), { signal }),
  });
}

export interface SampleRequest {
  population: AuditSample["population"];
  windowStart: string;
  windowEnd: string;
  size: number;
  seed?: string;
}

export function useCreateSample(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SampleRequest) =>
      apiSend<AuditSample>("POST", buildReadPath(samplesKey(tenantId)), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: samplesKey(tenantId) }),
  });
}
