// Open a fix pull request that commits a code finding's patch (POST /api/fixes/sast). The spec's
// demo mode simulated this with a random PR number; Rampart always asks the server, which opens a
// real pull request on the repository's code host or answers why it cannot.
import type { FixRequest, FixResponse } from "@rampart/contracts/fixes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { invalidateFixQueries } from "../../../lib/fix-queries";

export function createSastFix(findingId: string) {
  const body: FixRequest = { findingId };
  return apiSend<FixResponse>("POST", "/api/fixes/sast", body);
}

export function fixErrorMessage(error: unknown): string {
  return serverErrorMessage(error) ?? (error instanceof Error ? error.message : "Unknown error");
}

export function useCreateSastFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSastFix,
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
