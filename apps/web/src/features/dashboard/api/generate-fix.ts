// A suggested fix for a finding (POST /api/fixes/generate), requested once per session like the
// explanation; a failure toasts and is retried on the next expansion.
import type { GeneratedFix } from "@rampart/contracts/advisor";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";

export async function generateFix(findingId: string): Promise<GeneratedFix> {
  try {
    return await apiSend<GeneratedFix>("POST", "/api/fixes/generate", { findingId, findingType: "iac" });
  } catch (error) {
    toast({
      variant: "destructive",
      title: "Fix Generation Failed",
      description: serverErrorMessage(error) ?? "Could not generate AI fix suggestion",
    });
    throw error;
  }
}

export function generatedFixQueryOptions(findingId: string) {
  return queryOptions({
    queryKey: ["/api/fixes/generate", findingId],
    queryFn: () => generateFix(findingId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

export function useGeneratedFix(findingId: string) {
  return useQuery(generatedFixQueryOptions(findingId));
}
