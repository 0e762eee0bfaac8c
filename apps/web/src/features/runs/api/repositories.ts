// The tenant's repositories: list (GET), add by git URL or absolute path with an optional access
// token (POST), rename (PATCH) and remove (DELETE /api/tenants/{tenantId}/repositories[/{id}]).
// Auditors may not write.
import type { CreateRepositoryBody, Repository, UpdateRepositoryBody } from "@rampart/contracts/repositories";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiGet, apiSend, serverErrorMessage } from "../../../lib/api";

export function repositoriesQueryKey(tenantId: string) {
  return ["/api/tenants", tenantId, "repositories"] as const;
}

export function useRepositories(tenantId: string | null) {
  return useQuery({
    queryKey: repositoriesQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<Repository[]>(repositoriesQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null,
  });
}

/** `token`, when given, is sent once as the write-only credential; the server never returns it. */
export function addRepository({
  tenantId,
  location,
  token,
}: {
  tenantId: string;
  location: string;
  token?: string;
}) {
  const body: CreateRepositoryBody = token ? { location, credential: { token } } : { location };
  return apiSend<Repository>("POST", `/api/tenants/${tenantId}/repositories`, body);
}

export function deleteRepository({ tenantId, repositoryId }: { tenantId: string; repositoryId: string }) {
  return apiSend<unknown>("DELETE", `/api/tenants/${tenantId}/repositories/${repositoryId}`);
}

export function renameRepository({
  tenantId,
  repositoryId,
  name,
}: {
  tenantId: string;
  repositoryId: string;
  name: string;
}) {
  const body: UpdateRepositoryBody = { name };
  return apiSend<Repository>("PATCH", `/api/tenants/${tenantId}/repositories/${repositoryId}`, body);
}

export function useRenameRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameRepository,
    onSuccess: async (repository, { tenantId }) => {
      toast({
        title: "Repository Renamed",
        description: `It is now ${repository.name}, in its past runs too.`,
      });
      // Its runs carry the new name too: every list of the tenant that shows them refreshes.
      await queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId] });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Rename Failed",
        description: serverErrorMessage(error) ?? "The repository could not be renamed. Please try again.",
      });
    },
  });
}

export function useAddRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRepository,
    onSuccess: async (repository, { tenantId }) => {
      toast({ title: "Repository Added", description: `${repository.name} is ready to scan.` });
      await queryClient.invalidateQueries({ queryKey: repositoriesQueryKey(tenantId) });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Add Failed",
        description: serverErrorMessage(error) ?? "The repository could not be added. Please try again.",
      });
    },
  });
}

export function useDeleteRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRepository,
    onSuccess: async (_result, { tenantId }) => {
      toast({
        title: "Repository Removed",
        description: "The repository is no longer scanned or counted in the posture; its past runs stay.",
      });
      // The posture, controls, risks and findings of the tenant no longer count it.
      await queryClient.invalidateQueries({ queryKey: ["/api/tenants", tenantId] });
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Remove Failed",
        description: serverErrorMessage(error) ?? "The repository could not be removed. Please try again.",
      });
    },
  });
}
