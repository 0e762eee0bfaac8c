// 'Generate Now': sign a compliance attestation of the tenant's current state
// (POST /api/tenants/{tenantId}/attestations) and refresh the list.
import type { Attestation } from "@rampart/contracts/attestations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { attestationsQueryKey } from "./get-attestations";

export const GENERATE_FAILED_FALLBACK = "Unable to generate an attestation. Please try again.";

export function generateAttestation(tenantId: string) {
  return apiSend<Attestation>("POST", `/api/tenants/${tenantId}/attestations`);
}

export function useGenerateAttestation(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateAttestation(tenantId ?? ""),
    onSuccess: async () => {
      toast({ title: "Attestation Generated", description: "A signed compliance bundle was created." });
      await queryClient.invalidateQueries({ queryKey: attestationsQueryKey(tenantId ?? "") });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Generation Failed",
        description: serverErrorMessage(error) ?? GENERATE_FAILED_FALLBACK,
      });
    },
  });
}
