// Waivers waiting for a second person under four-eyes approval (GET /api/tenants/{tenantId}/waivers,
// filtered to the pending ones) and approving one (POST …/waivers/{waiverId}/approve).
import type { Waiver } from "@rampart/contracts/runs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiGet, apiSend, serverErrorMessage } from "../../../lib/api";

export const waiversQueryKey = (tenantId: string) => ["/api/tenants", tenantId, "waivers"] as const;

export function usePendingWaivers(tenantId: string | null, enabled = true) {
  return useQuery({
    queryKey: waiversQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<Waiver[]>(waiversQueryKey(tenantId ?? ""), { signal }),
    select: (waivers) => waivers.filter((waiver) => waiver.pending && !waiver.revokedAt),
    enabled: tenantId !== null && enabled,
  });
}

export function useApproveWaiver(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waiverId: string) =>
      apiSend<Waiver>("POST", `/api/tenants/${tenantId}/waivers/${waiverId}/approve`),
    onSuccess: async () => {
      toast({ title: "Waiver Approved", description: "The finding no longer counts from now on." });
      // The waiver changes the tenant's findings, runs and posture, not only this list.
      await queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId] });
      await queryClient.invalidateQueries({ queryKey: ["/api/runs"] });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Approval Failed",
        description: serverErrorMessage(error) ?? "The waiver could not be approved. Please try again.",
      }),
  });
}
