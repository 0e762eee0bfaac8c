// One tenant (GET /api/tenants/{tenantId}), e.g. for its auditor-access flag.
import type { Tenant } from "@rampart/contracts/tenants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";
import { tenantsQueryKey } from "./get-tenants";

export function tenantQueryKey(tenantId: string) {
  return [...tenantsQueryKey, tenantId] as const;
}

export function getTenant(tenantId: string, signal?: AbortSignal): Promise<Tenant> {
  return apiGet<Tenant>(tenantQueryKey(tenantId), signal ? { signal } : {});
}

export function tenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: tenantQueryKey(tenantId),
    queryFn: ({ signal }) => getTenant(tenantId, signal),
  });
}

export function useTenant(tenantId: string | null) {
  return useQuery({ ...tenantQueryOptions(tenantId ?? ""), enabled: tenantId !== null });
}
