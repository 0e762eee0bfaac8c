// Grant or revoke external auditors' read-only access from the tenant menu
// (PATCH /api/tenants/{tenantId}/auditor-access), then refresh the list.
import type { Tenant } from "@rampart/contracts/tenants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export interface UpdateAuditorAccessInput {
  tenantId: string;
  enabled: boolean;
}

export function updateAuditorAccess({ tenantId, enabled }: UpdateAuditorAccessInput): Promise<Tenant> {
  return apiSend<Tenant>("PATCH", `/api/tenants/${tenantId}/auditor-access`, { enabled });
}

export function useUpdateAuditorAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAuditorAccess,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tenantsQueryKey });
      toast({ title: "Access updated", description: "Auditor access has been updated." });
    },
  });
}
