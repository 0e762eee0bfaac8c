// Create an organization for the signed-in user (POST /api/tenants, name): they become its
// admin, it becomes the current tenant, and the session's memberships and the tenant list are
// read again. No code host is needed; connecting GitHub is a later, optional step.
import type { Tenant } from "@rampart/contracts/tenants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export function createOrganization(name: string): Promise<Tenant> {
  return apiSend<Tenant>("POST", "/api/tenants", { name });
}

export function useCreateOrganization(onCreated: (tenant: Tenant) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async (tenant) => {
      onCreated(tenant);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
      toast({ title: "Organization Created", description: `${tenant.name} is ready; you are its admin.` });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Creation Failed",
        description: serverErrorMessage(error) ?? error.message,
      });
    },
  });
}
