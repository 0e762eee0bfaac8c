// Upload a Terraform state file as an environment's observed state
// (POST /api/tenants/{tenantId}/environments/{id}/state): the file is sent as it is, as JSON.
import type { Environment } from "@rampart/contracts/environments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiUpload } from "../../../lib/api";
import { environmentErrorMessage } from "../environment-errors";
import { environmentsQueryKey } from "./get-environments";

export function uploadEnvironmentState(tenantId: string, environmentId: string, file: Blob) {
  return apiUpload<Environment>(
    `/api/tenants/${tenantId}/environments/${environmentId}/state`,
    file,
    "application/json",
  );
}

export function useUploadEnvironmentState(tenantId: string, environmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => uploadEnvironmentState(tenantId, environmentId, file),
    onSuccess: async () => {
      toast({ title: "State Uploaded", description: "Sync the environment to compute its drift." });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: environmentsQueryKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ["/api/env", environmentId] }),
      ]);
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Upload Failed", description: environmentErrorMessage(error) }),
  });
}
