// The members of a tenant (GET /api/tenants/{tenantId}/members).
import type { Member } from "@rampart/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const membersQueryKey = (tenantId: string) => ["/api/tenants", tenantId, "members"] as const;

export function useMembers(tenantId: string | null, enabled = true) {
  return useQuery({
    queryKey: membersQueryKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<Member[]>(membersQueryKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null && enabled,
  });
}
