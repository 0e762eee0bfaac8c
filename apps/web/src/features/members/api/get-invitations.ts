// The invitations of a tenant, for its admins (GET /api/tenants/{tenantId}/invitations).
import type { Invitation } from "@rampart/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const invitationsQueryKey = (tenantId: string) => ["/api/tenants", tenantId, "invitations"] as const;

export function useInvitations(tenantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: invitationsQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<Invitation[]>(invitationsQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null && enabled,
  });
}
