// Change a member's role (PATCH) or remove them (DELETE /api/tenants/{tenantId}/members/{userId}).
// The server refuses to leave the tenant without an admin; its reason is shown as is.
import type { Role } from "@rampart/contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend, serverErrorMessage } from "../../../lib/api";
import { meQueryKey } from "../../../session/api/get-me";
import { tenantsQueryKey } from "../../../session/api/get-tenants";
import { membersQueryKey } from "./get-members";

type Change = { userId: string; role: Role } | { userId: string; remove: true };

export function changeMember(tenantId: string, change: Change) {
  const url = `/api/tenants/${tenantId}/members/${change.userId}`;
  return "remove" in change
    ? apiSend<unknown>("DELETE", url)
    : apiSend<unknown>("PATCH", url, { role: change.role });
}

export function useChangeMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) => changeMember(tenantId, change),
    onSuccess: async () => {
      // The caller may have changed their own role: the session's memberships follow.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: tenantsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Update failed",
        description: serverErrorMessage(error) ?? error.message,
      }),
  });
}
