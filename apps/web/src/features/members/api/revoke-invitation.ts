// Withdraw an open invitation (DELETE /api/tenants/{tenantId}/invitations/{invitationId}).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { invitationsQueryKey } from "./get-invitations";

export function useRevokeInvitation(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiSend<unknown>("DELETE", `/api/tenants/${tenantId}/invitations/${invitationId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(tenantId) }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Withdraw failed",
        description: serverErrorMessage(error) ?? error.message,
      }),
  });
}
