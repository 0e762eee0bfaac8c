// "Dismiss" a finding: a waiver with a reason, a scope and an optional expiry
// (POST /api/tenants/{tenantId}/waivers); the finding stays recorded as evidence but no longer fails.
import type { CreateWaiverBody, Waiver } from "@rampart/contracts/runs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export interface CreateWaiverInput extends CreateWaiverBody {
  tenantId: string;
}

export function createWaiver({ tenantId, ...body }: CreateWaiverInput): Promise<Waiver> {
  return apiSend<Waiver>("POST", `/api/tenants/${tenantId}/waivers`, body);
}

export function useCreateWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWaiver,
    onSuccess: async (waiver, { tenantId }) => {
      toast(
        waiver.pending
          ? {
              title: "Dismissal Requested",
              description: "The waiver covers the finding once another admin or member approves it.",
            }
          : { title: "Finding Dismissed", description: "A waiver was recorded with your reason." },
      );
      await Promise.all(
        ["summary", "runs", "controls", "risks", "risk-heatmap", "waivers"].map((segment) =>
          queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId, segment] }),
        ),
      );
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Dismiss Failed",
        description: serverErrorMessage(error) ?? "The waiver could not be recorded. Please try again.",
      });
    },
  });
}
