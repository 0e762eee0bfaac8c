// The demo tenant's id (GET /api/demo/tenant-id). When the demo data set has not been seeded yet
// (404), it is seeded once (POST /api/demo/seed); doing both inside one query means concurrent
// readers share a single request and the seed never runs twice.
import type { DemoTenantId } from "@rampart/contracts/demo";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiGet, apiSend } from "../../lib/api";
import { tenantsQueryKey } from "./get-tenants";

export const demoTenantIdQueryKey = ["/api/demo/tenant-id"] as const;

export function seedDemo(): Promise<DemoTenantId> {
  return apiSend<DemoTenantId>("POST", "/api/demo/seed");
}

export async function getOrSeedDemoTenantId(client?: QueryClient): Promise<string> {
  try {
    const { tenantId } = await apiGet<DemoTenantId>(demoTenantIdQueryKey);
    return tenantId;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const { tenantId } = await seedDemo();
  // The seed created a tenant: lists that were read before it are out of date.
  await client?.invalidateQueries({ queryKey: tenantsQueryKey });
  return tenantId;
}

export function demoTenantIdQueryOptions() {
  return queryOptions({
    queryKey: demoTenantIdQueryKey,
    queryFn: ({ client }) => getOrSeedDemoTenantId(client),
  });
}

export function useDemoTenantId(enabled: boolean) {
  return useQuery({ ...demoTenantIdQueryOptions(), enabled });
}
