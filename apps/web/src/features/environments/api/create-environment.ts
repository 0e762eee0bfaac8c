// Add an environment (POST /api/tenants/{tenantId}/environments): name and type, sources later.
import type { CreateEnvironmentBody, Environment } from "@rampart/contracts/environments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { environmentErrorMessage } from "../environment-errors";
import { environmentsQueryKey } from "./get-environments";

export function createEnvironment(tenantId: string, body: CreateEnvironmentBody) {
  return apiSend<Environment>("POST", `/api/tenants/${tenantId}/environments`, body);
}

export function useCreateEnvironment(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEnvironmentBody) => createEnvironment(tenantId, body),
    onSuccess: async (environment) => {
      toast({ title: "Environment Created", description: `${environment.name} was added.` });
      await queryClient.invalidateQueries({ queryKey: environmentsQueryKey(tenantId) });
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Creation Failed",
        description: environmentErrorMessage(error),
      }),
  });
}
