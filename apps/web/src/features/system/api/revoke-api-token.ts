// Revoke an API token (DELETE /api/tenants/{tenantId}/api-tokens/{tokenId}): it stops working at once.
import type { ApiToken } from "@rampart/contracts/api-tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { apiTokensQueryKey } from "./get-api-tokens";

export function useRevokeApiToken(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiSend<ApiToken>("DELETE", `/api/tenants/${tenantId}/api-tokens/${tokenId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(tenantId) }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Revoke failed",
        description: serverErrorMessage(error) ?? error.message,
      }),
  });
}
