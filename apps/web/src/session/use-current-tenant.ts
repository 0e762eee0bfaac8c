// Which tenant the signed-in pages show. Live mode: the tenant picked in the selector (kept in
// localStorage as `current-tenant`) while the user still belongs to it, else their first
// membership; never a hard-coded id. Demo mode: the user's own demo organization, created from the
// bundled sample data on first use.
import type { Membership } from "@rampart/contracts/auth";
import type { Tenant } from "@rampart/contracts/tenants";
import { useCallback } from "react";
import { useStoredValue } from "../lib/stored-value";
import { useDemoTenantId } from "./api/get-demo-tenant-id";
import { useSession } from "./api/get-me";
import { useTenant } from "./api/get-tenant";
import { useTenants } from "./api/get-tenants";
import { type AppMode, useAppMode } from "./app-mode";

export const CURRENT_TENANT_STORAGE_KEY = "current-tenant";

/**
 * The stored choice if the user may still see that tenant (a membership, or a tenant the list
 * gives a role in, e.g. one created after sign-in), else the first membership, else none. The
 * user's own demo organization is a membership too, but never the live tenant.
 */
export function resolveLiveTenantId(
  storedId: string | null,
  allMemberships: readonly Membership[],
  tenants: readonly Tenant[] = [],
): string | null {
  const demoIds = new Set(tenants.filter((tenant) => tenant.isDemo).map((tenant) => tenant.id));
  const memberships = allMemberships.filter((membership) => !demoIds.has(membership.tenantId));
  if (storedId) {
    const isMember = memberships.some((membership) => membership.tenantId === storedId);
    const hasRole = tenants.some(
      (tenant) => tenant.id === storedId && !tenant.isDemo && tenant.role !== null,
    );
    if (isMember || hasRole) return storedId;
  }
  return memberships[0]?.tenantId ?? null;
}

export interface CurrentTenant {
  tenantId: string | null;
  tenant: Tenant | null;
  mode: AppMode;
  setMode: (mode: AppMode) => void;
  setTenantId: (tenantId: string) => void;
  isLoading: boolean;
  error: Error | null;
}

export function useCurrentTenant(): CurrentTenant {
  const { user, isLoading: sessionLoading } = useSession();
  const [mode, setMode] = useAppMode();
  const [storedId, setStoredId] = useStoredValue(CURRENT_TENANT_STORAGE_KEY);
  const tenants = useTenants({ enabled: user !== null });
  const demo = useDemoTenantId(user !== null && mode === "demo");

  const liveTenantId = resolveLiveTenantId(storedId, user?.memberships ?? [], tenants.data);
  const tenantId = mode === "demo" ? (demo.data ?? null) : liveTenantId;
  const tenantQuery = useTenant(tenantId);
  const tenant = tenantQuery.data ?? tenants.data?.find((candidate) => candidate.id === tenantId) ?? null;

  const setTenantId = useCallback((id: string) => setStoredId(id), [setStoredId]);

  const waitingForDemoId = mode === "demo" && user !== null && demo.isPending;
  const waitingForTenant = tenantId !== null && tenant === null && tenantQuery.isPending;

  return {
    tenantId,
    tenant,
    mode,
    setMode,
    setTenantId,
    isLoading: sessionLoading || waitingForDemoId || waitingForTenant,
    error: (mode === "demo" ? demo.error : null) ?? tenantQuery.error ?? null,
  };
}
