// Starter policy templates (GET /api/policy-templates), a tenant's policies
// (GET /api/tenants/{tenantId}/policies) and one with its versions and acknowledgements
// (GET …/policies/{policyId}).
import type { PolicyDetail, PolicySummary, PolicyTemplate } from "@rampart/contracts/policies";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const policiesKey = (tenantId: string) => ["/api/tenants", tenantId, "policies"] as const;

export function usePolicyTemplates(enabled: boolean) {
  return useQuery({
    queryKey: ["/api/policy-templates"],
    queryFn: ({ signal }) => apiGet<PolicyTemplate[]>(["/api/policy-templates"], { signal }),
    enabled,
  });
}

export function usePolicies(tenantId: string) {
  return useQuery({
    queryKey: policiesKey(tenantId),
    queryFn: ({ signal }) => apiGet<PolicySummary[]>(policiesKey(tenantId), { signal }),
  });
}

export function usePolicy(tenantId: string, policyId: string) {
  const key = [...policiesKey(tenantId), policyId] as const;
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet<PolicyDetail>(key, { signal }) });
}
