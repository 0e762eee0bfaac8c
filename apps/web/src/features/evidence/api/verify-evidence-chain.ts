// Re-verify the tenant's whole chain now (POST /api/tenants/{tenantId}/evidence/verify) and put the
// verdict into every cached evidence list, the dashboard summary and the evidence narrator.
import type { ChainStatus, EvidenceResponse } from "@rampart/contracts/evidence";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export function verifyEvidenceChain(tenantId: string) {
  return apiSend<{ chain: ChainStatus }>("POST", `/api/tenants/${tenantId}/evidence/verify`);
}

export function useVerifyEvidenceChain(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => verifyEvidenceChain(tenantId ?? ""),
    onSuccess: async ({ chain }) => {
      queryClient.setQueriesData<EvidenceResponse>(
        { queryKey: ["/api/tenants", tenantId, "evidence"] },
        (previous) => (previous ? { ...previous, chain } : previous),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId, "summary"] }),
        // The evidence narrator speaks of the last verification.
        queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId, "narratives", "evidence"] }),
      ]);
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Verification Failed",
        description: serverErrorMessage(error) ?? "Unable to verify the evidence chain. Please try again.",
      });
    },
  });
}
