// Turn four-eyes approval of waivers on or off (PATCH /api/tenants/{tenantId}/settings).
import type { Tenant } from "@rampart/contracts/tenants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export function useUpdateFourEyes(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fourEyesWaivers: boolean) =>
      apiSend<Tenant>("PATCH", `/api/tenants/${tenantId}/settings`, { fourEyesWaivers }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
      toast({ title: "Settings Updated", description: "Four-eyes approval has been updated." });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: serverErrorMessage(error) ?? error.message,
      }),
  });
}
