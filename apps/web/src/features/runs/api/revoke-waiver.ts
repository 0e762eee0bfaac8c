// Revoking a waiver (DELETE /api/tenants/{tenantId}/waivers/{waiverId}): the decision stays on
// record as revoked, and the finding counts again in the latest runs.
import type { Waiver } from "@rampart/contracts/runs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export function revokeWaiver({ tenantId, waiverId }: { tenantId: string; waiverId: string }) {
  return apiSend<Waiver>("DELETE", `/api/tenants/${tenantId}/waivers/${waiverId}`);
}

export function useRevokeWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeWaiver,
    onSuccess: async (_waiver, { tenantId }) => {
      toast({ title: "Waiver Revoked", description: "The finding counts again from now on." });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/runs"] }),
        queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId] }),
      ]);
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Revoke Failed",
        description: serverErrorMessage(error) ?? "The waiver could not be revoked. Please try again.",
      });
    },
  });
}
