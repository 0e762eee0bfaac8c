// Invite by e-mail with a role (POST /api/tenants/{tenantId}/invitations). The answer holds the
// link, shown once: copied by the admin when mail is off, already sent when it is on.
import type { CreatedInvitation, InviteBody } from "@rampart/contracts/members";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api";
import { invitationsQueryKey } from "./get-invitations";

export function inviteMember({ tenantId, ...body }: InviteBody & { tenantId: string }) {
  return apiSend<CreatedInvitation>("POST", `/api/tenants/${tenantId}/invitations`, body);
}

export function useInviteMember(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => inviteMember({ tenantId, ...body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey(tenantId) }),
  });
}
