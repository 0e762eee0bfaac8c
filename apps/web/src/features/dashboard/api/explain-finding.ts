// The explanation of a finding (POST /api/explain/finding), requested on the first expansion of
// its row and kept for the session; a failure toasts and is retried on the next expansion.
import type { Explanation } from "@rampart/contracts/advisor";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export async function explainFinding(findingId: string, controlId: string): Promise<Explanation> {
  try {
    return await apiSend<Explanation>("POST", "/api/explain/finding", { findingId, controlId });
  } catch (error) {
    toast({
      variant: "destructive",
      title: "Explanation Failed",
      description: serverErrorMessage(error) ?? "Could not generate AI explanation",
    });
    throw error;
  }
}

export function explanationQueryOptions(findingId: string, controlId: string) {
  return queryOptions({
    queryKey: ["/api/explain/finding", findingId],
    queryFn: () => explainFinding(findingId, controlId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useFindingExplanation(findingId: string, controlId: string) {
  return useQuery(explanationQueryOptions(findingId, controlId));
}
