// Open a fix pull request that upgrades a vulnerable dependency (POST /api/fixes/dependency): one
// per package upgrade, so asking from a second advisory of the package returns the same one. A
// refusal comes with a readable reason, which the toast shows as it is.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { invalidateFixQueries } from "../../../lib/fix-queries";

export interface DependencyFixResponse {
  pr: { number: number };
}

export function createDependencyFix(findingId: string) {
  return apiSend<DependencyFixResponse>("POST", "/api/fixes/dependency", { findingId });
}

export function fixErrorMessage(error: unknown): string {
  return serverErrorMessage(error) ?? (error instanceof Error ? error.message : "Unknown error");
}

export function useCreateDependencyFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDependencyFix,
    onSuccess: async ({ pr }) => {
      toast({ title: "Fix PR Created", description: `Pull request #${pr.number} was opened.` });
      // The finding now shows its pull request instead of the button.
      await invalidateFixQueries(queryClient);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Failed to Create PR", description: fixErrorMessage(error) });
    },
  });
}
