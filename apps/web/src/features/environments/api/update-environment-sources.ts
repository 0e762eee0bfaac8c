// Set where an environment's declared and observed states come from
// (PUT /api/tenants/{tenantId}/environments/{id}/sources). The server checks that the observed
// source can be read with the credential before it keeps them, and says why when it cannot.
import type { Environment, PutEnvironmentSourcesBody } from "@rampart/contracts/environments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { environmentsQueryKey } from "./get-environments";

export function updateEnvironmentSources(
  tenantId: string,
  environmentId: string,
  body: PutEnvironmentSourcesBody,
) {
  return apiSend<Environment>("PUT", `/api/tenants/${tenantId}/environments/${environmentId}/sources`, body);
}

/** Errors are shown in the dialog beside the fields, so only success is toasted. */
export function useUpdateEnvironmentSources(tenantId: string, environmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutEnvironmentSourcesBody) => updateEnvironmentSources(tenantId, environmentId, body),
    onSuccess: async (environment) => {
      toast({
        title: "Sources Saved",
        description: `${environment.name} reads its states from the new sources.`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: environmentsQueryKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ["/api/env", environmentId] }),
      ]);
    },
  });
}
