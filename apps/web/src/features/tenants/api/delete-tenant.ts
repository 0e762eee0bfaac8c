// Delete a tenant (DELETE /api/tenants/{id}); the spec shows no confirmation step.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export async function deleteTenant(tenantId: string): Promise<void> {
  await apiSend<unknown>("DELETE", `/api/tenants/${tenantId}`);
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
      toast({ title: "Tenant deleted", description: "The tenant has been successfully removed." });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Delete failed", description: error.message });
    },
  });
}
