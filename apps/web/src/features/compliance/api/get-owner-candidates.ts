// The tenant's members, to choose an evidence request's owner (GET /api/tenants/{tenantId}/members).
import type { Member } from "@rampart/contracts/members";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function useOwnerCandidates(tenantId: string, enabled: boolean) {
  const key = ["/api/tenants", tenantId, "members"] as const;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<Member[]>(key, { signal }),
    enabled,
  });
}
