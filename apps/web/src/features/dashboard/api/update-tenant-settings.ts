// Save the current tenant's auditor-access setting from the dashboard
// (PATCH /api/tenants/{tenantId}/settings); the tenant is re-read before the switch is released.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export interface UpdateTenantSettingsInput {
  tenantId: string;
  auditorAccessEnabled: boolean;
}

export async function updateTenantSettings({
  tenantId,
  auditorAccessEnabled,
}: UpdateTenantSettingsInput): Promise<void> {
  await apiSend<unknown>("PATCH", `/api/tenants/${tenantId}/settings`, { auditorAccessEnabled });
}

export function useUpdateTenantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantSettings,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
      toast({
        title: "Settings Updated",
        description: "Auditor access settings have been updated successfully.",
      });
    },
    onError: () => {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: "Failed to update auditor access settings. Please try again.",
      });
    },
  });
}
