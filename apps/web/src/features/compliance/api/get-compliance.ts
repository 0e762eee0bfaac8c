// Frameworks (GET /api/frameworks) and a tenant's compliance with one of them
// (GET /api/compliance/{frameworkId}?tenantId=).
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export interface Framework {
  id: string;
  name: string;
  version: string;
  description: string;
}

export function useFrameworks() {
  return useQuery({
    queryKey: ["/api/frameworks"],
    queryFn: ({ signal }) => apiGet<Framework[]>(["/api/frameworks"], { signal }),
  });
}

export function complianceQueryKey(frameworkId: string, tenantId: string) {
  return ["/api/compliance", frameworkId, { tenantId }] as const;
}

export function useCompliance(frameworkId: string | null, tenantId: string | null) {
  return useQuery({
    queryKey: complianceQueryKey(frameworkId ?? "", tenantId ?? ""),
    queryFn: ({ signal }) =>
      apiGet<ComplianceResponse>(complianceQueryKey(frameworkId ?? "", tenantId ?? ""), { signal }),
    enabled: frameworkId !== null && tenantId !== null,
  });
}
