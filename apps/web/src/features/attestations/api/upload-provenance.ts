// 'Upload Provenance': send a DSSE envelope or Sigstore bundle (POST /api/tenants/{tenantId}/provenance).
// The server records it either way and answers whether a key the tenant trusts signed it.
import type { Provenance } from "@rampart/contracts/attestations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api";
import { provenanceQueryKey } from "./get-provenance";

export function uploadProvenance(tenantId: string, envelope: Record<string, unknown>) {
  return apiSend<Provenance>("POST", `/api/tenants/${tenantId}/provenance`, { envelope });
}

export function useUploadProvenance(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (envelope: Record<string, unknown>) => uploadProvenance(tenantId ?? "", envelope),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: provenanceQueryKey(tenantId ?? "") }),
  });
}
