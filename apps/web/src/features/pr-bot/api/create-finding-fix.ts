// "Create Fix PR" in the control fix flow: opens the fix pull request of one finding
// (POST /api/fixes/finding). A refusal comes with a readable reason, which the toast shows.
import type { FixRequest, FixResponse } from "@rampart/contracts/fixes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { invalidateFixQueries } from "../../../lib/fix-queries";

export function useCreateFindingFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (findingId: string) => {
      const body: FixRequest = { findingId };
      return apiSend<FixResponse>("POST", "/api/fixes/finding", body);
    },
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
