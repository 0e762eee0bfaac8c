// Create an API token (POST /api/tenants/{tenantId}/api-tokens). The answer holds the secret,
// shown once: it lives only in the mutation's state, which the section clears when dismissed.
import type { CreateApiTokenBody, CreatedApiToken } from "@rampart/contracts/api-tokens";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api";
import { apiTokensQueryKey } from "./get-api-tokens";

export function createApiToken({ tenantId, ...body }: CreateApiTokenBody & { tenantId: string }) {
  return apiSend<CreatedApiToken>("POST", `/api/tenants/${tenantId}/api-tokens`, body);
}

export function useCreateApiToken(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) => createApiToken({ tenantId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey(tenantId) }),
  });
}
