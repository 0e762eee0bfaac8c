// Tenants the signed-in user can see (GET /api/tenants); shared by the tenant selector and the
// Tenant Management page, so both read one cache entry.
import type { Tenant } from "@rampart/contracts/tenants";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../lib/api";

/** Prefix of every tenant query: invalidating it refreshes the list and each tenant. */
export const tenantsQueryKey = ["/api/tenants"] as const;

export function getTenants(signal?: AbortSignal): Promise<Tenant[]> {
  return apiGet<Tenant[]>(tenantsQueryKey, signal ? { signal } : {});
}

export function tenantsQueryOptions() {
  return queryOptions({ queryKey: tenantsQueryKey, queryFn: ({ signal }) => getTenants(signal) });
}

export function useTenants(options: { enabled?: boolean } = {}) {
  return useQuery({ ...tenantsQueryOptions(), enabled: options.enabled ?? true });
}
