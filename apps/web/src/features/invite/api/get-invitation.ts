// What an invitation link offers, before anyone signs in (GET /api/invitations/{token}).
import type { InvitationPreview } from "@rampart/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const invitationQueryKey = (token: string) => ["/api/invitations", token] as const;

export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: ({ signal }) => apiGet<InvitationPreview>(invitationQueryKey(token), { signal }),
    // A used or expired link stays so: asking again changes nothing.
    retry: false,
  });
}
