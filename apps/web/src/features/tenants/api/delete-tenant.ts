// Delete a tenant (DELETE /api/tenants/{id}), once the user has confirmed (delete-tenant-dialog.tsx).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export async function deleteTenant(tenantId: string): Promise<void> {
  await apiSend<unknown>("DELETE", `/api/tenants/${tenantId}`);
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: async () => {
      // The session's memberships change too, so the current tenant falls back if it was this one.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      toast({ title: "Tenant deleted", description: "The tenant has been successfully removed." });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Delete failed", description: error.message });
    },
  });
}
