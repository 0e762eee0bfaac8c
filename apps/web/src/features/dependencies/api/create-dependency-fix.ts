// Open a fix pull request that upgrades a vulnerable dependency (POST /api/fixes/dependency). The
// server refuses with a 4xx and a readable reason until a code host integration can open PRs; the
// toast shows that reason as it is.
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

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
  return useMutation({
    mutationFn: createDependencyFix,
    onSuccess: ({ pr }) => {
      toast({ title: "Fix PR Created", description: `Pull request #${pr.number} was opened.` });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Failed to Create PR", description: fixErrorMessage(error) });
    },
  });
}
