// The user's own demo organization (GET /api/demo/tenant-id). When it does not exist yet (404), it
// is created once (POST /api/demo/seed, a copy of the prepared sample data); doing both inside one
// query means concurrent readers share a single request. While the server is still preparing the
// sample data it answers 409, and the query keeps retrying, so the loading state holds until a
// tenant id is available (spec part 1, §4).
import type { DemoTenantId } from "@rampart/contracts/demo";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiGet, apiSend } from "../../lib/api";
import { tenantsQueryKey } from "./get-tenants";

export const demoTenantIdQueryKey = ["/api/demo/tenant-id"] as const;

/** How long to wait before asking again while the demo data is being prepared (the server says 3 s). */
export const DEMO_NOT_READY_RETRY_MS = 3_000;
/** A first start scans the samples for a few minutes; give up (and show the error) after this. */
export const DEMO_NOT_READY_MAX_RETRIES = 200;

export function seedDemo(): Promise<DemoTenantId> {
  return apiSend<DemoTenantId>("POST", "/api/demo/seed");
}

export function isDemoNotReady(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
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
    // Only "not ready yet" is retried; other errors show at once, as the app's defaults say.
    retry: (failures, error) => isDemoNotReady(error) && failures < DEMO_NOT_READY_MAX_RETRIES,
    retryDelay: DEMO_NOT_READY_RETRY_MS,
  });
}

export function useDemoTenantId(enabled: boolean) {
  return useQuery({ ...demoTenantIdQueryOptions(), enabled });
}
