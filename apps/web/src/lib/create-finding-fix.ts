// "Create Fix PR" (the dashboard's finding rows, the PR Bot page's control fix flow): opens the fix pull request of any finding that has one
// (POST /api/fixes/finding): a dependency upgrade, or the rule's mechanical patch. A refusal
// comes with a readable reason, which the toast shows as it is.
import type { FixRequest, FixResponse } from "@rampart/contracts/fixes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "./api";
import { invalidateFixQueries } from "./fix-queries";

export function createFindingFix(findingId: string) {
  const body: FixRequest = { findingId };
  return apiSend<FixResponse>("POST", "/api/fixes/finding", body);
}

export function useCreateFindingFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFindingFix,
    onSuccess: async ({ pr }) => {
      toast({ title: "Fix PR Created", description: `Pull request #${pr.number} was opened.` });
      await invalidateFixQueries(queryClient);
    },
    onError: (error) => {
      toast({
        variant: "destructive",
        title: "Failed to Create PR",
        description: serverErrorMessage(error) ?? (error instanceof Error ? error.message : "Unknown error"),
      });
    },
  });
}
