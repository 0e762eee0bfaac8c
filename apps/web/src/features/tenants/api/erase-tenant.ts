// Erase a tenant for good (POST /api/tenants/{id}/erase) after its admin typed the name; the
// server keeps a signed record of the erasure in the instance's own log.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export function eraseTenant({ tenantId, confirmName }: { tenantId: string; confirmName: string }) {
  return apiSend<unknown>("POST", `/api/tenants/${tenantId}/erase`, { confirmName });
}

export function useEraseTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseTenant,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      toast({
        title: "Tenant erased",
        description: "Its data is gone; a signed record of the erasure is kept.",
      });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Erase failed",
        description: serverErrorMessage(error) ?? error.message,
      });
    },
  });
}
