// The frameworks a tenant can pick (GET /api/tenants/{tenantId}/frameworks: the shipped ones and
// its own custom ones; GET /api/frameworks where the tenant list does not exist) and a tenant's
// compliance with one of them (GET /api/compliance/{frameworkId}?tenantId=&view=&at=&from=&to=).
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import { useQuery } from "@tanstack/react-query";
import { ApiError, apiGet } from "../../../lib/api";
import type { AuditPeriodQuery } from "../audit-period";

export interface Framework {
  id: string;
  name: string;
  version: string;
  description: string;
  /** A framework the tenant imported (YAML/CSV) rather than one Rampart ships. */
  custom: boolean;
}

export const tenantFrameworksQueryKey = (tenantId: string) =>
  ["/api/tenants", tenantId, "frameworks"] as const;

async function fetchFrameworks(tenantId: string | null, signal: AbortSignal): Promise<Framework[]> {
  if (tenantId !== null) {
    try {
      return await apiGet<Framework[]>(tenantFrameworksQueryKey(tenantId), { signal });
    } catch (error) {
      // A server without tenant frameworks answers 404; any other failure is a real one.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  const shipped = await apiGet<Omit<Framework, "custom">[]>(["/api/frameworks"], { signal });
  return shipped.map((framework) => ({ ...framework, custom: false }));
}

export function useFrameworks(tenantId: string | null, enabled = true) {
  return useQuery({
    queryKey: tenantId ? tenantFrameworksQueryKey(tenantId) : ["/api/frameworks"],
    queryFn: ({ signal }) => fetchFrameworks(tenantId, signal),
    enabled,
  });
}

export function complianceQueryKey(frameworkId: string, tenantId: string, period: AuditPeriodQuery = {}) {
  return ["/api/compliance", frameworkId, { tenantId, ...period }] as const;
}

export function useCompliance(
  frameworkId: string | null,
  tenantId: string | null,
  period: AuditPeriodQuery | null = {},
) {
  return useQuery({
    queryKey: complianceQueryKey(frameworkId ?? "", tenantId ?? "", period ?? {}),
    queryFn: ({ signal }) =>
      apiGet<ComplianceResponse>(complianceQueryKey(frameworkId ?? "", tenantId ?? "", period ?? {}), {
        signal,
      }),
    enabled: frameworkId !== null && tenantId !== null && period !== null,
  });
}
