// Delete an environment (DELETE /api/tenants/{tenantId}/environments/{id}), once the user has
// confirmed in the browser's dialog (the page asks).
import type { Environment } from "@rampart/contracts/environments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { environmentErrorMessage } from "../environment-errors";
import { environmentsQueryKey } from "./get-environments";

export function deleteEnvironment(tenantId: string, environmentId: string) {
  return apiSend<unknown>("DELETE", `/api/tenants/${tenantId}/environments/${environmentId}`);
}

export function useDeleteEnvironment(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (environment: Environment) => deleteEnvironment(tenantId, environment.id),
    onSuccess: async (_answer, environment) => {
      toast({ title: "Environment Deleted", description: `${environment.name} was removed.` });
      queryClient.removeQueries({ queryKey: ["/api/env", environment.id] });
      await queryClient.invalidateQueries({ queryKey: environmentsQueryKey(tenantId) });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Deletion Failed",
        description: environmentErrorMessage(error),
      }),
  });
}
